// SPDX-License-Identifier: MIT
// The point-mass family's frames (joint_pointmass.h): a body as a centre and three basis vectors
// B_j of generalised mass 1 (van Overveld and Barenbrug, eqs. 5-9), the response of a body point
// to a force (eqs. 19-21), the rigidity projections (eq. 12) and the pose written back.
#include "joint_pointmass.h"

/// Rigidity projection passes per solve (the paper's "2 or 3 iterations" of section 3).
#define TT_PM_RIGIDITY_PASSES 3

/// The largest turn of one force applied linearly, B_j += turn x B_j(t) (eq. 20): the chord
/// iteration keeps its exact Jacobian below it; above, the turn rotates the axes (ttPm_Turn).
#define TT_PM_LINEAR_TURN ( (ttReal)0.05 )

bool ttPm_IsMovable( const ttBody* body )
{
	return body->type == ttBody_dynamic && body->invMass > 0;
}

// Eqs. 5-9: B_j along principal axis j with |B_j| = sqrt(J_j), J_j = (I_k + I_l - I_j) / 2. A
// direction without second moment (a thin rod's cross axes, a point mass) keeps a short basis
// vector so the rigidity constraints still have a direction to hold; beta only weighs those
// projections, the response to a force comes from the inertia (ttPm_InvInertia).
void ttPm_BuildFrame( ttPmFrame* frame, const ttBody* body )
{
	ttVec3 moments = body->inertia;
	ttReal second[3] = { ( moments.y + moments.z - moments.x ) / 2, ( moments.z + moments.x - moments.y ) / 2,
	                     ( moments.x + moments.y - moments.z ) / 2 };
	ttReal largest = 0;
	for ( int j = 0; j < 3; ++j )
	{
		largest = ttMaxReal( largest, second[j] );
	}
	ttReal floor = largest > 0 ? (ttReal)1e-6 * largest : 1;
	ttMat3 r = ttMat3FromQuat( body->q );
	ttMat3 r0 = ttMat3FromQuat( body->prevQ );
	ttVec3 columns[3] = { r.cx, r.cy, r.cz };
	ttVec3 startColumns[3] = { r0.cx, r0.cy, r0.cz };
	frame->c = body->delta;
	for ( int j = 0; j < 3; ++j )
	{
		frame->beta[j] = ttSqrt( ttMaxReal( second[j], floor ) );
		frame->axis[j] = ttScale( frame->beta[j], columns[j] );
		frame->start[j] = ttScale( frame->beta[j], startColumns[j] );
	}
}

static ttVec3 ttPm_UnitAxis( const ttPmFrame* frame, int j )
{
	return ttScale( 1 / frame->beta[j], frame->axis[j] );
}

/// Offset from the centre of a point with principal coordinates u: sum_j (u_j / beta_j) B_j.
ttVec3 ttPm_Offset( const ttPmFrame* frame, const ttBody* body, ttVec3 u )
{
	if ( frame == NULL )
	{
		return ttRotate( body->q, u );
	}
	ttVec3 r = ttScale( u.x / frame->beta[0], frame->axis[0] );
	r = ttMulAdd( r, u.y / frame->beta[1], frame->axis[1] );
	return ttMulAdd( r, u.z / frame->beta[2], frame->axis[2] );
}

/// The same offset in the frame at the substep's start: the lever the force acts through.
ttVec3 ttPm_Lever( const ttPmFrame* frame, const ttBody* body, ttVec3 u )
{
	if ( frame == NULL )
	{
		return ttRotate( body->q, u );
	}
	ttVec3 r = ttScale( u.x / frame->beta[0], frame->start[0] );
	r = ttMulAdd( r, u.y / frame->beta[1], frame->start[1] );
	return ttMulAdd( r, u.z / frame->beta[2], frame->start[2] );
}

ttVec3 ttPm_Coordinates( const ttPmFrame* frame, const ttBody* body, ttVec3 r )
{
	if ( frame == NULL )
	{
		return ttInvRotate( body->q, r );
	}
	// r = sum_j (u_j / beta_j) B_j with B_j . B_k = beta_j^2 delta_jk: u_j = r . B_j / beta_j.
	return ( ttVec3 ){ ttDot( r, frame->axis[0] ) / frame->beta[0], ttDot( r, frame->axis[1] ) / frame->beta[1],
	                   ttDot( r, frame->axis[2] ) / frame->beta[2] };
}

ttVec3 ttPm_LeverCoordinates( const ttPmFrame* frame, const ttBody* body, ttVec3 r )
{
	if ( frame == NULL )
	{
		return ttInvRotate( body->q, r );
	}
	return ( ttVec3 ){ ttDot( r, frame->start[0] ) / frame->beta[0], ttDot( r, frame->start[1] ) / frame->beta[1],
	                   ttDot( r, frame->start[2] ) / frame->beta[2] };
}

ttVec3 ttPm_Center( const ttPmFrame* frame, const ttBody* body )
{
	return frame != NULL ? frame->c : body->delta;
}

/// I^-1 in world axes at the substep's start (zero for a body that does not turn).
ttMat3 ttPm_InvInertia( const ttPmFrame* frame, const ttBody* body )
{
	if ( frame == NULL || body->fixedRotation )
	{
		return ( ttMat3 ){ 0 };
	}
	ttMat3 directions = { ttScale( 1 / frame->beta[0], frame->start[0] ),
	                      ttScale( 1 / frame->beta[1], frame->start[1] ),
	                      ttScale( 1 / frame->beta[2], frame->start[2] ) };
	return ttMat3RotateDiagonal( directions, body->invInertia );
}

/// Eq. 21 for the rigid response: the displacement of the point at offset r per unit force
/// there, 1/m E - [r]x I^-1 [r]x.
ttMat3 ttPm_Mobility( const ttPmFrame* frame, const ttBody* body, ttVec3 r, ttMat3 invInertia )
{
	if ( frame == NULL )
	{
		return ( ttMat3 ){ 0 };
	}
	ttMat3 skew = ttMat3Skew( r );
	ttMat3 rotational = ttMat3Mul( ttMat3Transpose( skew ), ttMat3Mul( invInertia, skew ) );
	return ttMat3Add( ttMat3Diagonal( ( ttVec3 ){ body->invMass, body->invMass, body->invMass } ), rotational );
}

/// Eqs. 19-20, linearised, for a force sum F and its moment about the centre T:
/// c += F / m, B_j += (I^-1 T) x B_j.
void ttPm_Turn( ttPmFrame* frame, const ttBody* body, ttMat3 invInertia, ttVec3 force, ttVec3 moment )
{
	if ( frame == NULL )
	{
		return;
	}
	frame->c = ttMulAdd( frame->c, body->invMass, force );
	ttVec3 turn = ttMat3MulVec( invInertia, moment );
	ttReal angle = ttLength( turn );
	if ( angle > TT_PM_LINEAR_TURN )
	{
		// A large turn as a rotation of the current axes: linear, |B_j| grew by
		// sqrt(1 + angle^2) and the projections along the start directions took it back as a
		// turn of atan(angle) pointing elsewhere as the frame had already turned: a cloth of small
		// spheres jointed at twice their radius of gyration, at one iteration, turned its nodes by
		// 0.2 to 0.3 rad per PTP on impact and blew up (issue 12).
		ttQuat rotation = ttQuatFromAxisAngle( ttScale( 1 / angle, turn ), angle );
		for ( int j = 0; j < 3; ++j )
		{
			frame->axis[j] = ttRotate( rotation, frame->axis[j] );
		}
		return;
	}
	for ( int j = 0; j < 3; ++j )
	{
		frame->axis[j] = ttAdd( frame->axis[j], ttCross( turn, frame->start[j] ) );
	}
}

void ttPm_ApplyForce( ttPmFrame* frame, const ttBody* body, ttVec3 r, ttMat3 invInertia, ttVec3 force )
{
	ttPm_Turn( frame, body, invInertia, force, ttCross( r, force ) );
}

// Eq. 12's multipliers as projections with unit generalised masses: an orthogonality constraint
// B_j' . B_j'' = 0 moves B_j' along B_j'' and B_j'' along B_j' by the same multiplier; a length
// constraint |B_j| = beta_j moves B_j along itself. Returns the largest relative violation found
// at the start of the pass.
static ttReal ttPm_RigidityPass( ttPmFrame* frame )
{
	ttReal worst = 0;
	for ( int j = 0; j < 3; ++j )
	{
		int k = ( j + 1 ) % 3, l = ( j + 2 ) % 3;
		ttVec3 a = frame->axis[k], b = frame->axis[l];
		ttReal violation = ttDot( a, b );
		worst = ttMaxReal( worst, ttAbs( violation ) / ( frame->beta[k] * frame->beta[l] ) );
		ttReal slope = ttDot( frame->start[l], b ) + ttDot( a, frame->start[k] );
		ttReal multiplier = slope != 0 ? -violation / slope : 0;
		frame->axis[k] = ttMulAdd( a, multiplier, frame->start[l] );
		frame->axis[l] = ttMulAdd( b, multiplier, frame->start[k] );
	}
	for ( int j = 0; j < 3; ++j )
	{
		ttReal slope = 2 * ttDot( frame->axis[j], frame->start[j] );
		ttReal excess = ttDot( frame->axis[j], frame->axis[j] ) - frame->beta[j] * frame->beta[j];
		worst = ttMaxReal( worst, ttAbs( excess ) / ( frame->beta[j] * frame->beta[j] ) );
		if ( slope > 0 )
		{
			frame->axis[j] = ttMulAdd( frame->axis[j], -excess / slope, frame->start[j] );
		}
	}
	return worst;
}

void ttPm_Rigidify( ttPmFrame* frame )
{
	for ( int pass = 0; pass < TT_PM_RIGIDITY_PASSES; ++pass )
	{
		ttPm_RigidityPass( frame );
	}
}

void ttPm_RigidifyWithin( ttPmFrame* frame, ttReal tolerance, int maxPasses )
{
	for ( int pass = 0; pass < maxPasses; ++pass )
	{
		if ( ttPm_RigidityPass( frame ) <= tolerance )
		{
			return;
		}
	}
}

// u v^T by columns.
static ttMat3 ttPm_Outer( ttVec3 u, ttVec3 v )
{
	return ( ttMat3 ){ ttScale( v.x, u ), ttScale( v.y, u ), ttScale( v.z, u ) };
}

// The rotation R nearest to the unit directions a_i (the maximum of trace(R^T A), the polar
// decomposition's rotation) by Newton steps from the guess: R turns by w solving
// G w = sum_i r_i x a_i, G = sum_i (r_i . a_i) E - (1/2) sum_i (r_i a_i^T + a_i r_i^T) the second
// derivative of the trace. The guess is a turn of a substep away at most, so two or three steps
// reach round-off. ttExtractRotation's step, sum_i r_i x a_i / sum_i r_i . a_i, takes 2/3 of a
// turn about a principal axis per step: stopped at its tolerance it left the turn short by a part
// in 1e10 per write-back, which a free spinning cube lost as energy (6e-7 per 1000 frames).
ttQuat ttPm_Orientation( const ttPmFrame* frame, ttQuat guess )
{
	ttVec3 a[3] = { ttPm_UnitAxis( frame, 0 ), ttPm_UnitAxis( frame, 1 ), ttPm_UnitAxis( frame, 2 ) };
	ttReal previous = TT_HUGE;
	for ( int iteration = 0; iteration < 8; ++iteration )
	{
		ttMat3 r = ttMat3FromQuat( guess );
		ttVec3 columns[3] = { r.cx, r.cy, r.cz };
		ttVec3 torque = TT_VEC3_ZERO;
		ttReal trace = 0;
		ttMat3 symmetric = { 0 };
		for ( int i = 0; i < 3; ++i )
		{
			torque = ttAdd( torque, ttCross( columns[i], a[i] ) );
			trace += ttDot( columns[i], a[i] );
			symmetric =
			    ttMat3Add( symmetric, ttMat3Add( ttPm_Outer( columns[i], a[i] ), ttPm_Outer( a[i], columns[i] ) ) );
		}
		ttMat3 g = ttMat3Diagonal( ( ttVec3 ){ trace, trace, trace } );
		g = ttMat3Add( g, ( ttMat3 ){ ttScale( (ttReal)-0.5, symmetric.cx ), ttScale( (ttReal)-0.5, symmetric.cy ),
		                              ttScale( (ttReal)-0.5, symmetric.cz ) } );
		ttVec3 turn = ttMat3Solve( g, torque );
		ttReal angle = ttLength( turn );
		// About one axis w the step is tan(phi) for a turn phi (the torque is 2 sin(phi) w, w^T G w
		// 2 cos(phi)): far from the rotation (a frame turned by a radian in one solve) take the
		// turn atan2 of the two along the torque instead, exact about one axis up to half a turn.
		ttReal torqueLength = ttLength( torque );
		if ( ( angle > (ttReal)0.1 || ttDot( turn, torque ) <= 0 ) && torqueLength > 0 )
		{
			ttVec3 u = ttScale( 1 / torqueLength, torque );
			angle = ttAtan2( torqueLength, ttDot( u, ttMat3MulVec( g, u ) ) );
			turn = ttScale( angle, u );
		}
		// Stop where the steps no longer shrink (round-off) or vanish.
		if ( angle == 0 || angle >= previous || angle != angle )
		{
			break;
		}
		guess = ttQuatNormalize( ttQuatMul( ttQuatFromAxisAngle( ttScale( 1 / angle, turn ), angle ), guess ) );
		previous = angle;
	}
	return guess;
}

// The pose back into the body: centre, and the rotation nearest to the frame's directions.
void ttPm_WriteBack( ttBody* body, const ttPmFrame* frame )
{
	body->delta = frame->c;
	if ( body->fixedRotation )
	{
		return;
	}
	body->q = ttPm_Orientation( frame, body->q );
}
