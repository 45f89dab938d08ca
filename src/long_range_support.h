// SPDX-License-Identifier: MIT
// Supporting contacts (Mueller et al. 2017, section 3.6, figs 11-12 and 18): the contact graph of
// a stack on fixed ground, analysed bottom-up against gravity, finds the contacts and bodies the
// ground holds up; each supported body is kept from moving down at its supporting contacts by a
// one-sided long range constraint to the ground.
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;
typedef struct ttSupportSet ttSupportSet;

/// Once per step before the substeps, on the contacts the last step ended with: find the
/// supporting contacts and the supported bodies and (re)build their ground constraints. Reports
/// counts and the analysis time into world->stats.
void ttSupport_Analyze( ttWorld* world );

/// Start of each substep: reset the multipliers.
void ttSupport_BeginSubstep( ttWorld* world );

/// Inside each position iteration, after the joints: project the ground constraints.
void ttSupport_SolvePositions( ttWorld* world, ttReal h );

/// Debug read (ttWorld_GetLongRangeConstraints): one entry per ground constraint, from its anchor
/// (pointA, on the world's ground body) to the body's point (pointB), with `axis` up; fills
/// out[0 .. capacity) and returns how many there are.
int ttSupport_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity );

/// A body is being destroyed: forget the analysis (it names bodies and shapes by index) until the
/// next step analyses again.
void ttSupport_Forget( ttWorld* world );

/// Free the analysis data of a world (ttDestroyWorld).
void ttSupport_Destroy( ttWorld* world );
