// SPDX-License-Identifier: MIT
// Bodies pinned to a static body by their only joint, a rigid spherical joint: integrated as a
// rotation about the pivot (Euler's equations about a fixed point) instead of a free motion of
// the centre of mass that the joint then pulls back.
//
// Why: the free integration moves the centre in a straight line while the body turns, so the
// pivot drifts by (R(h w) - E - h [w]x) rho, second order in h w, and by h^2 g under gravity. The
// projection takes that drift back with the joint's effective mass, which splits it between
// moving the centre and turning the body about it (for a disc on a 0.1 m stem 1:4). The part
// absorbed by turning is an error of order h each substep: it damps nutation and precession, and a
// top spinning at 50 rad/s in steady precession at 20 substeps fell from 20 to 114 degrees of tilt
// in 10 s (27 degrees with only the gyroscopic term taken about the pivot). About the pivot, the
// implicit midpoint rule on I_p dw/dt + w x I_p w = rho x m a + torque keeps the torque-free
// invariants exactly and the pivot does not drift, so the joint has nothing left to correct.
//
// The joint still reads the force it exerts: the impulse m (v_after - v_before - h a) that
// keeps the pivot at rest is added to its multiplier, as the projection would have.
#include "body_pinned.h"

#include "joint.h"
#include "world.h"

bool ttPinnedBody_Find( ttWorld* world, const ttBody* body, ttPin* pin )
{
	if ( body->type != ttBody_dynamic || body->fixedRotation || body->jointEdgeHead < 0 )
	{
		return false;
	}
	int edge = body->jointEdgeHead;
	int jointIndex = edge >> 1, side = edge & 1;
	ttJoint* joint = ttWorld_Joint( world, jointIndex );
	if ( joint->edgeNext[side] >= 0 || joint->type != ttJoint_spherical || joint->linearCompliance > 0 )
	{
		return false; // more than one joint, or not a rigid ball joint
	}
	const ttBody* other = ttWorld_Body( world, side == 0 ? joint->bodyB : joint->bodyA );
	if ( other->type != ttBody_static )
	{
		return false;
	}
	ttTransform frame = side == 0 ? joint->simFrameB : joint->simFrameA;
	pin->joint = joint;
	pin->sign = side == 1 ? 1 : -1; // the joint's impulses are those on its body B
	pin->pivot = ttAdd( ttBody_Center( other ), ttRotate( other->q, frame.p ) );
	return true;
}

// World inertia about the pivot: R I R^T + m (|rho|^2 E - rho rho^T).
static ttMat3 ttPivotInertia( const ttBody* body, ttVec3 rho )
{
	ttMat3 inertia = ttMat3RotateDiagonal( ttMat3FromQuat( body->q ), body->inertia );
	ttReal m = body->mass, rr = ttDot( rho, rho );
	ttMat3 shift = { ttScale( -m * rho.x, rho ), ttScale( -m * rho.y, rho ), ttScale( -m * rho.z, rho ) };
	shift = ttMat3Add( shift, ttMat3Diagonal( ( ttVec3 ){ m * rr, m * rr, m * rr } ) );
	return ttMat3Add( inertia, shift );
}

// The velocities a pin allows that keep the angular momentum about the pivot: what an impulse
// at the pivot does. Contacts act on the free body (their impulses move the centre and turn the
// body about it); kept as they come, the part that moves the centre would be lost, and a box on
// a 10 m lever pushed into the ground sank and was shot away.
// rho is where the velocities belong: the derived velocities of the last substep are its chord,
// which the linearised (Cayley) rotation makes exactly w x (rho0 + rho1) / 2 about a pivot at
// rest, so they are projected at the middle of the last substep and come out unchanged when they
// fit the pin. Projected at the end instead, the chord's inward part turned into a torque
// m (w . rho) rho x w h / 2 each substep and the top fell over. The centre then moves with
// w x rhoNow.
static void ttProjectOntoPin( ttBody* body, const ttPin* pin, ttVec3 rho, ttVec3 rhoNow, ttReal h )
{
	ttVec3 w = body->w;
	ttVec3 slip = ttSub( body->v, ttCross( w, rho ) ); // the pivot's velocity
	// Velocities that fit the pin to rounding are kept: solved again with I_p (whose condition
	// number is m |rho|^2 / I on a long lever), rounding alone drifted the energy in float.
	ttReal fit = ( TT_REAL_IS_FLOAT ? (ttReal)1e-4 : (ttReal)1e-10 ) * ( ttLength( body->v ) + (ttReal)1e-6 );
	if ( ttLength( slip ) > fit )
	{
		ttMat3 own = ttMat3RotateDiagonal( ttMat3FromQuat( body->q ), body->inertia );
		ttVec3 momentum = ttAdd( ttMat3MulVec( own, w ), ttScale( body->mass, ttCross( rho, body->v ) ) );
		w = ttMat3Solve( ttPivotInertia( body, rho ), momentum );
	}
	ttVec3 v = ttCross( w, rhoNow );
	ttVec3 impulse = ttScale( body->mass, ttSub( v, body->v ) );
	pin->joint->linearImpulse = ttMulAdd( pin->joint->linearImpulse, pin->sign * h, impulse );
	body->v = v;
	body->w = w;
}

void ttPinnedBody_IntegrateVelocities( ttBody* body, const ttPin* pin, ttVec3 acceleration, ttReal h )
{
	ttVec3 rho = ttSub( ttBody_Center( body ), pin->pivot );
	ttVec3 middle = ttMulAdd( rho, (ttReal)-0.5 * h, body->v ); // the chord's middle: rho - h v / 2
	ttProjectOntoPin( body, pin, middle, rho, h );
	ttMat3 inertia = ttPivotInertia( body, rho );
	// Loads about the pivot: the applied acceleration at the centre and the applied torque.
	ttVec3 torque = ttAdd( ttCross( rho, ttScale( body->mass, acceleration ) ), body->torque );
	ttVec3 w0 = body->w;
	ttVec3 momentum0 = ttMat3MulVec( inertia, w0 );
	ttVec3 w1 = w0;
	// Newton's method on F(w1) = I_p (w1 - w0) + h wm x I_p wm - h torque, wm = (w0 + w1) / 2.
	for ( int iteration = 0; iteration < 8; ++iteration )
	{
		ttVec3 wm = ttScale( (ttReal)0.5, ttAdd( w0, w1 ) );
		ttVec3 lm = ttMat3MulVec( inertia, wm );
		ttVec3 f = ttSub( ttAdd( ttSub( ttMat3MulVec( inertia, w1 ), momentum0 ), ttScale( h, ttCross( wm, lm ) ) ),
		                  ttScale( h, torque ) );
		ttMat3 gyro = ttMat3Add( ttMat3Mul( ttMat3Skew( wm ), inertia ), ttMat3Scale( -1, ttMat3Skew( lm ) ) );
		ttVec3 step = ttMat3Solve( ttMat3Add( inertia, ttMat3Scale( (ttReal)0.5 * h, gyro ) ), f );
		w1 = ttSub( w1, step );
		if ( ttDot( step, step ) <= (ttReal)1e-24 * ( 1 + ttDot( w1, w1 ) ) )
		{
			break;
		}
	}
	// The pivot is at rest: the centre moves with w x rho. What that asks beyond the applied
	// acceleration is the joint's impulse on the body (a positional multiplier of impulse h).
	ttVec3 expected = ttMulAdd( body->v, h, acceleration );
	ttVec3 v1 = ttCross( w1, rho );
	ttVec3 impulse = ttScale( body->mass, ttSub( v1, expected ) );
	pin->joint->linearImpulse = ttMulAdd( pin->joint->linearImpulse, pin->sign * h, impulse );
	body->v = v1;
	body->w = w1;
}

void ttPinnedBody_IntegratePositions( ttBody* body, const ttPin* pin, ttReal maxRotation, ttReal h )
{
	// Soft-step contacts acted on the velocities since: back onto the pin, then turn about it.
	ttVec3 rho = ttSub( ttBody_Center( body ), pin->pivot );
	ttProjectOntoPin( body, pin, rho, rho, h );
	ttVec3 rotation = ttScale( h, body->w );
	ttReal angle = ttLength( rotation );
	if ( angle > maxRotation )
	{
		rotation = ttScale( maxRotation / angle, rotation );
	}
	ttQuat q = ttQuatIntegrate( body->q, rotation );
	ttQuat turn = ttQuatMul( q, ttQuatConj( body->q ) );
	ttVec3 center = ttAdd( pin->pivot, ttRotate( turn, rho ) );
	// The centre will be found to have moved along the chord, w x (rho0 + rho1) / 2: half of the
	// turn of its velocity over the substep, which the pivot's force makes too (the other half is
	// in ttProjectOntoPin at the next substep). Without it a swinging pendulum read half its
	// centripetal force. (rotation / h is w unless the rotation was capped.)
	// With the linearised (Cayley) turn by a = h w / 2, the move d = rho1 - rho0 satisfies
	// d = a x (rho0 + rho1), so the chord less w x rho0 is a x d / h = w x d / 2: computed so,
	// not as a difference of two nearly equal velocities (which float rounding swamps).
	ttVec3 move = ttSub( ttRotate( turn, rho ), rho );
	ttVec3 impulse = ttScale( (ttReal)0.5 * body->mass, ttCross( ttScale( 1 / h, rotation ), move ) );
	pin->joint->linearImpulse = ttMulAdd( pin->joint->linearImpulse, pin->sign * h, impulse );
	body->delta = ttAdd( body->delta, ttSub( center, ttBody_Center( body ) ) );
	body->q = q;
}
