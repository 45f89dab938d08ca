// SPDX-License-Identifier: MIT
// Bodies whose only joint is a rigid spherical joint to a static body, integrated as a rotation
// about the pivot (body_pinned.c).
#pragma once

#include "body.h"

typedef struct ttWorld ttWorld;
typedef struct ttJoint ttJoint;

typedef struct ttPin
{
	ttJoint* joint;
	ttReal sign;  ///< +1 when the body is the joint's body B, -1 when it is A
	ttVec3 pivot; ///< world position of the static body's anchor
} ttPin;

/// Whether the body is pinned, and where.
bool ttPinnedBody_Find( ttWorld* world, const ttBody* body, ttPin* pin );
/// In place of the free velocity update (after damping): the velocities are put on the pin
/// (keeping the angular momentum about the pivot), then the applied acceleration at the centre
/// (gravity and forces) and the applied torque act about the pivot, the gyroscopic term is taken
/// about it by the implicit midpoint rule, the centre moves with w x rho. Adds the joint's
/// impulse to its readout.
void ttPinnedBody_IntegrateVelocities( ttBody* body, const ttPin* pin, ttVec3 acceleration, ttReal h );
/// In place of the free position update: the velocities back onto the pin (contacts may have
/// changed them), then a turn about the pivot by h w, at most maxRotation radians.
void ttPinnedBody_IntegratePositions( ttBody* body, const ttPin* pin, ttReal maxRotation, ttReal h );
