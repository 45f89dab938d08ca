// SPDX-License-Identifier: MIT
// The point-mass family's integration of the rotation (joint_pointmass.h): van Overveld and
// Barenbrug's Verlet of the body axes (eqs. 10-12). The axes B_j of generalised mass 1 move as
// free points, B_j(t + h) = 2 B_j(t) - B_j(t - h) + h^2 F_j, and the rigidity constraints
// (B_j . B_k = 0, |B_j| = beta_j) take them back onto a rigid frame. Since the kinetic energy of
// the frame is (1/2) sum_j |dB_j/dt|^2 = (1/2) w . I w for beta_j^2 the second moments, this is
// SHAKE on the rigid body: the precession of a box spun off its principal axes comes from the
// projections, with no gyroscopic term, and the energy stays bounded (no drift) as for any
// symplectic step.
//
// tether keeps a body's pose and angular velocity, not its pose one substep ago. The velocity
// derivation (integrate.c, ttDeriveVelocities) is the exact inverse of the position update
// q(t + h) = normalize([h w / 2, 1] q(t)), so B_j(t - h) is recovered from w without loss, and
// the prediction is handed back as the w that turns q(t) onto it. With no velocity pass in
// between (joint damping, contacts' restitution), the sequence of poses is the paper's Verlet.
#include "joint_pointmass.h"

/// The projections of the prediction run to convergence: the frame of a free body has no joint
/// solve after it to restore what a fixed number of passes leaves.
#define TT_PM_VERLET_TOLERANCE ( sizeof( ttReal ) == sizeof( float ) ? (ttReal)1e-7 : (ttReal)1e-13 )
#define TT_PM_VERLET_MAX_PASSES 50

void ttPm_VerletAxes( ttBody* body, ttVec3 spin, ttReal h )
{
	if ( ttPm_IsMovable( body ) == false || body->fixedRotation || h <= 0 )
	{
		return;
	}
	// The frame at time t; its start directions (the substep's start) are the same axes, the
	// directions eq. 12's multipliers act along.
	ttPmFrame frame;
	ttPm_BuildFrame( &frame, body );
	ttVec3 half = ttScale( h / 2, spin );
	ttQuat back = ttQuatNormalize( ( ttQuat ){ -half.x, -half.y, -half.z, 1 } );
	for ( int j = 0; j < 3; ++j )
	{
		ttVec3 previous = ttRotate( back, frame.axis[j] );
		frame.axis[j] = ttSub( ttScale( 2, frame.axis[j] ), previous );
	}
	ttPm_RigidifyWithin( &frame, TT_PM_VERLET_TOLERANCE, TT_PM_VERLET_MAX_PASSES );
	ttQuat next = ttPm_Orientation( &frame, ttQuatIntegrate( body->q, ttScale( h, spin ) ) );
	// The w whose position update, q <- normalize(q + h/2 [w, 0] q), lands on `next`.
	ttQuat dq = ttQuatMul( next, ttQuatConj( body->q ) );
	if ( dq.w < 0 )
	{
		dq = ( ttQuat ){ -dq.x, -dq.y, -dq.z, -dq.w };
	}
	ttReal scale = 2 / ( h * ttMaxReal( dq.w, (ttReal)0.5 ) );
	body->w = ( ttVec3 ){ scale * dq.x, scale * dq.y, scale * dq.z };
}
