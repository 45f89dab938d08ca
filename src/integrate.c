// SPDX-License-Identifier: MIT
// The body updates of the XPBD substep (paper Algorithm 2): velocities from loads, positions from
// velocities, and velocities back from the corrected positions; the kinematic targets and the
// end of the step.
#include "integrate.h"

#include "body_pinned.h"
#include "world.h"

#include <string.h>

// Implicit gyroscopic term (Catto, GDC 2015): one Newton step on
// I (w2 - w1) + h w2 x (I w2) = 0, in the principal frame where I is diagonal. The explicit term
// of the paper's Algorithm 2 gains energy for bodies spinning near their intermediate axis.
static ttVec3 ttSolveGyroscopic( const ttBody* body, ttVec3 w, ttReal h )
{
	ttVec3 inertia = body->inertia;
	if ( ( inertia.x == inertia.y && inertia.y == inertia.z ) || ( w.x == 0 && w.y == 0 && w.z == 0 ) )
	{
		return w; // w x (I w) vanishes for a spherical inertia
	}
	ttVec3 wb = ttInvRotate( body->q, w );
	ttVec3 iw = ttMulComponents( inertia, wb );
	ttVec3 f = ttScale( h, ttCross( wb, iw ) );
	// J = I + h (skew(w) I - skew(I w)), written out for the diagonal I.
	ttMat3 jacobian = {
	    { inertia.x, h * ( wb.z * inertia.x - iw.z ), h * ( iw.y - wb.y * inertia.x ) },
	    { h * ( iw.z - wb.z * inertia.y ), inertia.y, h * ( wb.x * inertia.y - iw.x ) },
	    { h * ( wb.y * inertia.z - iw.y ), h * ( iw.x - wb.x * inertia.z ), inertia.z },
	};
	ttVec3 solved = ttSub( wb, ttMat3Solve( jacobian, f ) );
	// The gyroscopic term only turns the angular momentum in the body frame, keeping its length and
	// the kinetic energy; the implicit step shrinks both (the length by about 2 % in 10 s for a
	// tumbling box at 20 substeps). Restore the length, but never past the kinetic energy the body
	// came with: where contacts or joints hold the body, they take away the part of the turned
	// momentum they forbid every substep, and restoring the length alone put it back as energy (a
	// 208 kg rod lying on the ground, rolling about its axis at 40 rad/s while it yawed at 5 rad/s,
	// went from 0.7 kJ to 29 kJ in 4 s at 10 substeps; tests/test_contact_energy.c).
	ttVec3 solvedMomentum = ttMulComponents( inertia, solved );
	ttReal before = ttLength( iw );
	ttReal after = ttLength( solvedMomentum );
	ttReal energyBefore = ttDot( wb, iw );
	ttReal energyAfter = ttDot( solved, solvedMomentum );
	if ( after > 0 && energyAfter > 0 )
	{
		ttReal scale = before / after;
		ttReal energyScale = ttSqrt( energyBefore / energyAfter );
		solved = ttScale( scale < energyScale ? scale : energyScale, solved );
	}
	return ttRotate( body->q, solved );
}

// A function of the type, the locked rotation, the orientation and the principal inverse inertia
// alone: where they are bit for bit those of the last computation, the cache holds its result
// already. The soft-step family computes it twice per substep (for the substep's start and again
// before the relax) and the orientation does not change from one to the next substep's start.
static bool ttBody_InverseInertiaCached( const ttBody* body )
{
	return body->invInertiaWorldType == body->type && body->invInertiaWorldFixedRotation == body->fixedRotation &&
	       memcmp( &body->invInertiaWorldQ, &body->q, sizeof( ttQuat ) ) == 0 &&
	       memcmp( &body->invInertiaWorldLocal, &body->invInertia, sizeof( ttVec3 ) ) == 0;
}

void ttBody_CacheInverseInertia( ttBody* body )
{
	if ( ttBody_InverseInertiaCached( body ) )
	{
		return;
	}
	body->invInertiaWorldType = body->type;
	body->invInertiaWorldFixedRotation = body->fixedRotation;
	body->invInertiaWorldQ = body->q;
	body->invInertiaWorldLocal = body->invInertia;
	if ( body->type != ttBody_dynamic || body->fixedRotation )
	{
		body->invInertiaWorld = ( ttMat3 ){ TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO };
		return;
	}
	ttMat3 r = ttMat3FromQuat( body->q );
	ttMat3 scaled = { ttScale( body->invInertia.x, r.cx ), ttScale( body->invInertia.y, r.cy ),
	                  ttScale( body->invInertia.z, r.cz ) };
	body->invInertiaWorld = ttMat3Mul( scaled, ttMat3Transpose( r ) );
}

// Velocities first: the soft-step contact solver works between the two halves.
void ttIntegrateVelocities( ttWorld* world, ttBody* body, ttReal h, bool cacheInverseInertia, bool pins )
{
	body->prevDelta = body->delta;
	body->prevQ = body->q;
	body->substepRotation = TT_VEC3_ZERO;
	if ( body->type != ttBody_dynamic )
	{
		ttBody_CacheInverseInertia( body );
		return;
	}
	if ( cacheInverseInertia )
	{
		ttBody_CacheInverseInertia( body ); // once per substep instead of two rotations per use
	}
	// Damping acts on the velocity the body arrived with, before this substep's loads: damped
	// after them, a body held at rest would feel gravity reduced to g / (1 + h c), and the
	// joint holding it would read a force that depends on the damping and the substep.
	ttVec3 acceleration = ttMulAdd( ttScale( body->gravityScale, world->gravity ), body->invMass, body->force );
	body->v = ttScale( 1 / ( 1 + h * body->linearDamping ), body->v );
	ttPin pin;
	if ( pins && ttPinnedBody_Find( world, body, &pin ) )
	{
		body->w = ttScale( 1 / ( 1 + h * body->angularDamping ), body->w );
		ttPinnedBody_IntegrateVelocities( body, &pin, acceleration, h );
		return;
	}
	body->v = ttMulAdd( body->v, h, acceleration );
	if ( body->fixedRotation == false )
	{
		body->w = ttScale( 1 / ( 1 + h * body->angularDamping ), body->w );
		body->w = ttAdd( body->w, ttScale( h, ttBody_ApplyInvInertia( body, body->torque ) ) );
		body->w = ttSolveGyroscopic( body, body->w, h );
	}
}

void ttIntegratePositions( ttWorld* world, ttBody* body, ttReal h, bool pins )
{
	if ( body->type == ttBody_static )
	{
		return;
	}
	ttPin pin;
	if ( pins && ttPinnedBody_Find( world, body, &pin ) )
	{
		ttPinnedBody_IntegratePositions( body, &pin, world->maxRotationPerSubstep, h );
		return;
	}
	body->delta = ttMulAdd( body->delta, h, body->v );

	// Cap the rotation of one linearized quaternion update (Mueller uses 0.5 rad).
	ttVec3 rotation = ttScale( h, body->w );
	ttReal angle = ttLength( rotation );
	if ( angle > world->maxRotationPerSubstep )
	{
		rotation = ttScale( world->maxRotationPerSubstep / angle, rotation );
	}
	body->q = ttQuatIntegrate( body->q, rotation );
}

// v = (x - x_prev) / h, and w from dq = q q_prev^-1. The paper takes w = 2 vec(dq) / h; the
// linearized update q <- normalize(q + h/2 [w, 0] q) gives dq = normalize([h w / 2, 1]), so the
// exact inverse is w = 2 vec(dq) / (h dq.w). The paper's form shrinks w by 1 / sqrt(1 + (h w/2)^2)
// every substep: a body spinning freely at 5 rad/s lost 2.6 % of its angular momentum in 10 s.
void ttDeriveVelocities( ttBody* body, ttReal h )
{
	body->v = ttScale( 1 / h, ttSub( body->delta, body->prevDelta ) );
	if ( body->fixedRotation )
	{
		return;
	}
	ttQuat dq = ttQuatMul( body->q, ttQuatConj( body->prevQ ) );
	if ( dq.w < 0 )
	{
		dq = ( ttQuat ){ -dq.x, -dq.y, -dq.z, -dq.w };
	}
	// The guard only matters for a rotation of more than 120 degrees within one substep.
	ttReal scale = 2 / ( h * ttMaxReal( dq.w, (ttReal)0.5 ) );
	body->w = ( ttVec3 ){ scale * dq.x, scale * dq.y, scale * dq.z };
}

// Kinematic bodies with a target move there at constant velocity over the step.
void ttPrepareKinematic( ttBody* body, ttReal timeStep )
{
	if ( body->type != ttBody_kinematic || body->hasKinematicTarget == false )
	{
		return;
	}
	body->v = ttScale( 1 / timeStep, ttSub( body->targetCenter, ttBody_Center( body ) ) );
	body->w = ttScale( 1 / timeStep, ttQuatToRotationVector( ttQuatMul( body->targetQ, ttQuatConj( body->q ) ) ) );
}

void ttFinishBody( ttBody* body )
{
	body->origin = ttAdd( body->origin, body->delta );
	body->delta = TT_VEC3_ZERO;
	body->prevDelta = TT_VEC3_ZERO;
	body->force = TT_VEC3_ZERO;
	body->torque = TT_VEC3_ZERO;
	if ( body->type == ttBody_kinematic && body->hasKinematicTarget )
	{
		body->origin = body->targetCenter;
		body->q = body->targetQ;
		body->hasKinematicTarget = false;
	}
	body->prevQ = body->q;
}
