// SPDX-License-Identifier: MIT
// The body updates of the substep (integrate.c).
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;
typedef struct ttBody ttBody;

/// Velocities from gravity, forces and torques (with damping and the implicit gyroscopic term);
/// saves the pose the substep starts from. `cacheInverseInertia` stores R diag(I^-1) R^T in
/// body->invInertiaWorld for a contact family that asks for it.
void ttIntegrateVelocities( const ttWorld* world, ttBody* body, ttReal h, bool cacheInverseInertia );
/// Positions from velocities (the displacement is accumulated in body->delta).
void ttIntegratePositions( const ttWorld* world, ttBody* body, ttReal h );
/// Velocities from the positions the constraints corrected.
void ttDeriveVelocities( ttBody* body, ttReal h );
/// A kinematic body with a target moves there at constant velocity over the step.
void ttPrepareKinematic( ttBody* body, ttReal timeStep );
/// Fold the step's displacement into the position, clear the loads, land kinematic targets.
void ttFinishBody( ttBody* body );
