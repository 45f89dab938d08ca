// SPDX-License-Identifier: MIT
// Rigid unions (Mueller et al. 2017, section 3.5): islands of bodies welded by fixed joints, kept
// rigid by one generalized shape matching projection per substep, and broken apart when a fixed
// joint's force passes its threshold during the iterations (fracture).
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;
typedef struct ttUnionSet ttUnionSet;

/// Called once per step before the substeps: rebuild the unions when the joint graph changed and
/// report the union count and the analysis time into world->stats.
void ttUnions_Update( ttWorld* world );

/// Called after the position iterations of each substep: break overloaded fixed joints of the
/// unions (with break events), rebuild the unions if any broke, then shape match every union.
void ttUnions_Solve( ttWorld* world, ttReal h );

/// Debug read (long_range_read.c): fills up to capacity entries, one per union member after the
/// first, and returns how many there are; floods the unions first if the joint graph changed.
int ttUnions_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity );

/// Free the union data of a world (ttDestroyWorld).
void ttUnions_Destroy( ttWorld* world );

/// Rotational part of a 3x3 matrix by the iteration of Mueller et al. 2016 ("A robust method to
/// extract the rotational part of deformations"), starting from *q and updating it. Exposed for
/// the tests.
void ttExtractRotation( ttMat3 a, ttQuat* q, int maxIterations );
/// The same, stopping when the turn times the alignment falls under `tolerance` times the sum of
/// the column lengths (ttExtractRotation: 1e-6 in float, 1e-12 in double).
void ttExtractRotationWithin( ttMat3 a, ttQuat* q, int maxIterations, ttReal tolerance );
