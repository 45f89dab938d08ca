// SPDX-License-Identifier: MIT
// The body updates of the substep (integrate.c).
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;
typedef struct ttBody ttBody;

/// Velocities from gravity, forces and torques (with damping and the implicit gyroscopic term);
/// saves the pose the substep starts from. `cacheInverseInertia` stores R diag(I^-1) R^T in
/// body->invInertiaWorld for a contact family that asks for it. With `pins` (the joint family
/// asks for it), a body whose only joint is a rigid ball joint to a static body turns about the
/// pivot instead (body_pinned.c).
void ttIntegrateVelocities( ttWorld* world, ttBody* body, ttReal h, bool cacheInverseInertia, bool pins );
/// body->invInertiaWorld = R diag(I^-1) R^T at the body's rotation now (zero for a body that
/// does not turn under impulses: not dynamic, or fixed rotation).
void ttBody_CacheInverseInertia( ttBody* body );
/// Positions from velocities (the displacement is accumulated in body->delta); a pinned body (see
/// above) turns about its pivot.
void ttIntegratePositions( ttWorld* world, ttBody* body, ttReal h, bool pins );
/// Velocities from the positions the constraints corrected.
void ttDeriveVelocities( ttBody* body, ttReal h );
/// A kinematic body with a target moves there at constant velocity over the step.
void ttPrepareKinematic( ttBody* body, ttReal timeStep );
/// Fold the step's displacement into the position, clear the loads, land kinematic targets.
void ttFinishBody( ttBody* body );
