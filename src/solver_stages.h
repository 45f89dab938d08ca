// SPDX-License-Identifier: MIT
// The step's stage team (issue 11, item 4; after Box2D v3's solver stages): one long task per
// worker for the whole step instead of a wake and a barrier of the pool for every parallel loop.
//
// ttStep opens the team (ttStages_Begin): the workers are launched once (task.h,
// ttTaskSystem_Launch) and spin, then yield, until the stepping thread publishes a stage. From
// then on every ttParallelFor of the step is a stage: the stepping thread (worker 0) publishes the
// loop's fixed ranges with an atomic store, every worker claims ranges with an atomic increment,
// and the stepping thread, which claims ranges too, spins until the stage's done count is full.
// The serial parts of the step (the colouring, the overflow manifolds, the joints, the
// restitution sweeps, the islands) run on the stepping thread as before while the workers wait
// for the next stage. ttStages_End closes the team and joins the workers.
//
// The ranges of a stage are those ttParallelFor would cut for the pool and every item writes only
// its own results, so the bits do not depend on which worker runs what, nor on how many there are.
//
// The contract with a user's scheduler (ttWorldDef.enqueueTask and finishTask). The team is one
// task of workerCount - 1 items, each item one worker for the whole step, enqueued at the step's
// start and finished at its end. Items are meant to run at the same time as the stepping thread,
// on other threads. The stepping thread never waits for an item to start: it claims every range
// no worker took, so a stage completes on the stepping thread alone. An item that runs on the
// stepping thread itself (inside enqueueTask or finishTask) returns at once, and an item that
// starts after the step closed the team (a scheduler that runs the items one after another)
// returns at once too. What a scheduler must not do is wait, inside enqueueTask, for items that
// run on other threads: they wait for stages that the stepping thread publishes only after
// enqueueTask returned.
#pragma once

#include "task.h"

/// Open the team for this step when it can pay: more than one worker, threads in the build, and
/// a step with loops that split (bodies + manifolds at least `items`). Returns whether it opened;
/// then every ttParallelFor runs as a stage (ttStages_Run) until ttStages_End.
bool ttStages_Begin( ttTaskSystem* tasks, int items );
/// Close the team: the workers leave, and return before this does.
void ttStages_End( ttTaskSystem* tasks );
/// One stage: fn over [0, count) in rangeCount ranges of rangeSize (the last may be shorter), on
/// the stepping thread (worker 0) and every worker of the team; returns when all ranges are done.
void ttStages_Run( ttStageTeam* team, ttRangeFn* fn, void* context, int count, int rangeSize, int rangeCount );
/// Free a team (NULL: nothing); never while it is open.
void ttStages_Destroy( ttStageTeam* team );
