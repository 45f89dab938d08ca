// SPDX-License-Identifier: MIT
// The world's task system: parallel loops over independent items, run by a persistent pool of
// threads that the world owns (task.c) or by the user's scheduler (ttWorldDef.enqueueTask and
// finishTask, as in Box2D v3). Every loop is split into ranges whose boundaries depend only on
// the item count, the minimum range and the worker count, never on timing, and each item writes
// only its own results: the step gives the same bits for every worker count (docs/determinism.md).
#pragma once

#include "tether/types.h"

/// A range [start, end) of items. `worker` is in [0, workerCount) and differs between ranges that
/// run at the same time (for per-worker scratch); `context` is the caller's.
typedef void ttRangeFn( int start, int end, int worker, void* context );

typedef struct ttThreadPool ttThreadPool;
typedef struct ttStageTeam ttStageTeam;

typedef struct ttTaskSystem
{
	int workerCount; ///< as asked for (ttWorldDef.workerCount)
	/// The user's scheduler, or NULL for the pool.
	ttEnqueueTaskCallback* enqueueTask;
	ttFinishTaskCallback* finishTask;
	void* userTaskContext;
	/// workerCount - 1 threads; NULL when serial (one worker, a user scheduler, or a build without
	/// threads).
	ttThreadPool* pool;
	bool warnedSerial; ///< the build without threads said once that it runs serially
	/// The step's stage team (solver_stages.h), made on first use and kept with the pool; `staging`
	/// while the stepping thread drives it, and then every ttParallelFor is one of its stages.
	ttStageTeam* stageTeam;
	bool staging;
} ttTaskSystem;

/// Whether `workerCount` and the callbacks are acceptable; otherwise reports why (naming
/// `function`) and returns false.
bool ttTaskSystem_Check( const char* function, int workerCount, ttEnqueueTaskCallback* enqueueTask,
                         ttFinishTaskCallback* finishTask );

/// Start the pool's threads (none for one worker or a user scheduler). False, with a message and
/// `tasks` left serial, when a thread cannot be started.
bool ttTaskSystem_Create( ttTaskSystem* tasks, int workerCount, ttEnqueueTaskCallback* enqueueTask,
                          ttFinishTaskCallback* finishTask, void* userTaskContext );

/// Stop and join the pool's threads.
void ttTaskSystem_Destroy( ttTaskSystem* tasks );

/// The workers a loop may be spread over (1 when serial): the size of per-worker scratch.
int ttTaskSystem_WorkerCount( const ttTaskSystem* tasks );

/// Run fn over [0, count) in fixed ranges of at least minRange items (the last may be shorter) on
/// the workers, and return when every range is done: each call is a barrier. Counts under
/// 2 * minRange, and a serial system, make one call fn(0, count, 0, context) on this thread.
/// Call it only from the thread that steps the world, never from inside a range (the pool is not
/// reentrant: a nested loop would wait for the range that waits for it).
void ttParallelFor( ttTaskSystem* tasks, int count, int minRange, ttRangeFn* fn, void* context );

/// Items that run for a while side by side with the calling thread, which goes on with its own
/// work (the stage team's workers, solver_stages.c): fn(start, end, worker, context) over
/// [0, count), ranges of one item, on the pool's threads or as one task of the user's scheduler.
/// The launch must stay where it is until ttTaskSystem_Join returns.
typedef struct ttTaskLaunch
{
	ttRangeFn* fn;
	void* context;
	int count;
	void* userTask; ///< what enqueueTask returned (NULL: it ran every item already)
} ttTaskLaunch;

/// Start the launch's items without waiting for them; false (nothing started) when the system is
/// serial. An item may start late, after the calling thread stopped needing it, or on the calling
/// thread itself (a user's scheduler may run items inside enqueueTask or finishTask): items must
/// return promptly then.
bool ttTaskSystem_Launch( ttTaskSystem* tasks, ttTaskLaunch* launch );
/// Wait until every item of the launch has returned.
void ttTaskSystem_Join( ttTaskSystem* tasks, ttTaskLaunch* launch );
