// SPDX-License-Identifier: MIT
// Rigid unions and generalized shape matching (Mueller et al. 2017, section 3.5, eqs. 2-3).
//
// Analysis (when the joint graph changed): flood the graph of fixed joints from each dynamic body.
// The conforming rest state (fig. 10b) is the pose of every member implied by the fixed joints'
// frames relative to the first body reached, stored in the users' body coordinates so that a
// change of a body's mass properties (its principal frame) does not invalidate it. A static or
// kinematic body welded to a union is not flooded through; the first one becomes the union's
// anchor and fixes the matched pose.
//
// Projection (once per substep, after the position iterations, as in the paper: the iterations
// run on the individual bodies and joints, which yields the joint forces for fracture, and the
// match then makes each union rigid): the moment matrix
//   A = sum_i Q_i D_i Qbar_i^T + m_i r_i rbar_i^T          (eq. 3 in the principal frames)
// where D_i = integral of rho s s^T over body i in its principal frame, diagonal and given by the
// principal moments: D_xx = (I_yy + I_zz - I_xx) / 2 and so on. Its rotational part R (polar
// decomposition) and the centre of mass c give every member the pose x_i = c + R rbar_i,
// q_i = R qbar_i. The centre of mass is kept, so the linear momentum is unchanged; A R^T is
// symmetric, so the mass-weighted moment of the displacements vanishes and the angular momentum
// is unchanged to first order in the correction.
//
// Fracture: the joints accumulate their impulses through the iterations of a substep; a fixed
// joint of a union whose force (impulse / h^2) passes its breakForce (or torque its breakTorque)
// is removed with a break event before the projection, the unions are flooded again and each
// piece is matched on its own. Matching after every iteration instead was tried: the welds then
// only see one iteration's distortion, their forces hardly depend on the impact (a 5 cm and a
// 2 m drop broke 13 and 26 welds at 40 N), so fracture could not tell a soft from a hard hit.
#include "long_range_union.h"

#include "body.h"
#include "core.h"
#include "joint.h"
#include "world.h"

#include <string.h>

typedef struct ttUnionMember
{
	int body;
	ttTransform restUser; ///< user body frame in the conforming rest state, relative to the root's
} ttUnionMember;

typedef struct ttUnion
{
	int firstMember, memberCount; ///< the root (a dynamic body) is the first member
	int anchorMember;             ///< member index of a static or kinematic body, -1 if free
	ttQuat rotation;              ///< last matched rotation: the start of the next polar iteration
} ttUnion;

struct ttUnionSet
{
	uint32_t version; ///< world->jointGraphVersion of the analysis
	bool built;
	bool solved;              ///< matched in a step since the unions were last flooded
	double pendingAnalysisMs; ///< an analysis run by the debug read, reported by the next step
	ttUnionMember* members;
	int memberCount, memberCapacity;
	ttUnion* unions;
	int unionCount, unionCapacity;
	int* breakable; ///< fixed joints inside unions with a finite threshold
	int breakableCount, breakableCapacity;
	int* bodyUnion; ///< per body slot: union index, -1 for none (scratch of the flood)
	int* stack;
	int bodyCapacity;
};

static bool ttIsFloodable( const ttBody* body )
{
	return body->type == ttBody_dynamic && body->fixedRotation == false;
}

static bool ttPushMember( ttUnionSet* set, int body, ttTransform restUser )
{
	if ( ttReserve( (void**)&set->members, &set->memberCapacity, set->memberCount + 1, sizeof( ttUnionMember ) ) ==
	     false )
	{
		return false;
	}
	set->members[set->memberCount++] = ( ttUnionMember ){ body, restUser };
	return true;
}

// The principal frame of a member in the conforming rest state.
static ttTransform ttRestPrincipal( const ttUnionMember* member, const ttBody* body )
{
	return ttMulTransforms( member->restUser, ttBody_PrincipalInBody( body ) );
}

static ttQuat ttCurrentRotationOfRoot( ttWorld* world, const ttUnionSet* set, const ttUnion* u )
{
	const ttUnionMember* root = set->members + u->firstMember;
	const ttBody* body = ttWorld_Body( world, root->body );
	return ttQuatMul( body->q, ttQuatConj( ttRestPrincipal( root, body ).q ) );
}

// Flood one island of fixed joints from a dynamic root; returns false when out of memory.
static bool ttFloodUnion( ttWorld* world, ttUnionSet* set, int rootBody )
{
	int unionIndex = set->unionCount;
	int firstMember = set->memberCount;
	int anchorMember = -1;
	int stackCount = 0;
	set->bodyUnion[rootBody] = unionIndex;
	set->stack[stackCount++] = set->memberCount;
	if ( ttPushMember( set, rootBody, TT_TRANSFORM_IDENTITY ) == false )
	{
		return false;
	}
	while ( stackCount > 0 )
	{
		int memberIndex = set->stack[--stackCount];
		int bodyIndex = set->members[memberIndex].body;
		ttTransform pose = set->members[memberIndex].restUser;
		ttBody* body = ttWorld_Body( world, bodyIndex );
		for ( int edge = body->jointEdgeHead; edge >= 0; )
		{
			int jointIndex = edge >> 1, side = edge & 1;
			ttJoint* joint = ttWorld_Joint( world, jointIndex );
			edge = joint->edgeNext[side];
			if ( joint->type != ttJoint_fixed )
			{
				continue;
			}
			int other = side == 0 ? joint->bodyB : joint->bodyA;
			if ( set->bodyUnion[other] == unionIndex )
			{
				continue;
			}
			const ttBody* otherBody = ttWorld_Body( world, other );
			bool floodable = ttIsFloodable( otherBody );
			if ( floodable == false && ( otherBody->type == ttBody_dynamic || anchorMember >= 0 ) )
			{
				continue; // a dynamic body with a locked rotation, or a second anchor: an ordinary joint
			}
			// Frames coincide: T_A F_A = T_B F_B, so T_B = T_A F_A F_B^-1 and T_A = T_B F_B F_A^-1.
			ttTransform own = side == 0 ? joint->localFrameA : joint->localFrameB;
			ttTransform far = side == 0 ? joint->localFrameB : joint->localFrameA;
			ttTransform farInverse = { ttInvRotate( far.q, ttNeg( far.p ) ), ttQuatConj( far.q ) };
			ttTransform otherPose = ttMulTransforms( ttMulTransforms( pose, own ), farInverse );
			otherPose.q = ttQuatNormalize( otherPose.q );
			set->bodyUnion[other] = unionIndex;
			if ( floodable == false )
			{
				anchorMember = set->memberCount;
			}
			else
			{
				set->stack[stackCount++] = set->memberCount;
			}
			if ( ttPushMember( set, other, otherPose ) == false )
			{
				return false;
			}
		}
	}
	int memberCount = set->memberCount - firstMember;
	if ( memberCount < 2 )
	{
		set->memberCount = firstMember; // a lone body is already rigid
		set->bodyUnion[rootBody] = -1;
		return true;
	}
	if ( ttReserve( (void**)&set->unions, &set->unionCapacity, set->unionCount + 1, sizeof( ttUnion ) ) == false )
	{
		return false;
	}
	ttUnion* u = set->unions + set->unionCount++;
	*u = ( ttUnion ){ firstMember, memberCount, anchorMember, TT_QUAT_IDENTITY };
	u->rotation = ttCurrentRotationOfRoot( world, set, u );
	return true;
}

static bool ttBuildUnions( ttWorld* world, ttUnionSet* set )
{
	set->memberCount = 0;
	set->unionCount = 0;
	set->breakableCount = 0;
	int bodyCount = world->bodies.count;
	if ( bodyCount > set->bodyCapacity )
	{
		ttFree( set->bodyUnion );
		ttFree( set->stack );
		set->bodyUnion = ttAlloc( sizeof( int ) * (size_t)bodyCount );
		set->stack = ttAlloc( sizeof( int ) * (size_t)bodyCount );
		set->bodyCapacity = set->bodyUnion != NULL && set->stack != NULL ? bodyCount : 0;
		if ( set->bodyCapacity == 0 )
		{
			return false;
		}
	}
	for ( int i = 0; i < bodyCount; ++i )
	{
		set->bodyUnion[i] = -1;
	}
	for ( int i = 0; i < bodyCount; ++i )
	{
		if ( world->bodies.used[i] == false || set->bodyUnion[i] >= 0 ||
		     ttIsFloodable( ttWorld_Body( world, i ) ) == false )
		{
			continue;
		}
		if ( ttFloodUnion( world, set, i ) == false )
		{
			return false;
		}
	}
	for ( int j = 0; j < world->joints.count; ++j )
	{
		if ( world->joints.used[j] == false )
		{
			continue;
		}
		const ttJoint* joint = ttWorld_Joint( world, j );
		if ( joint->type != ttJoint_fixed || ( joint->breakForce >= TT_HUGE && joint->breakTorque >= TT_HUGE ) )
		{
			continue;
		}
		// Both ends in one union, or a member welded to its union's anchor (whose slot may name
		// another union that shares the anchor).
		bool dynamicA = ttIsFloodable( ttWorld_Body( world, joint->bodyA ) );
		bool dynamicB = ttIsFloodable( ttWorld_Body( world, joint->bodyB ) );
		int unionA = set->bodyUnion[joint->bodyA], unionB = set->bodyUnion[joint->bodyB];
		bool inside = dynamicA && dynamicB ? unionA >= 0 && unionA == unionB
		                                   : ( dynamicA ? unionA : unionB ) >= 0 && ( dynamicA || dynamicB );
		if ( inside == false )
		{
			continue;
		}
		if ( ttReserve( (void**)&set->breakable, &set->breakableCapacity, set->breakableCount + 1, sizeof( int ) ) ==
		     false )
		{
			return false;
		}
		set->breakable[set->breakableCount++] = j;
	}
	set->version = world->jointGraphVersion;
	set->built = true;
	return true;
}

void ttExtractRotation( ttMat3 a, ttQuat* q, int maxIterations )
{
	ttExtractRotationWithin( a, q, maxIterations, sizeof( ttReal ) == sizeof( float ) ? (ttReal)1e-6 : (ttReal)1e-12 );
}

void ttExtractRotationWithin( ttMat3 a, ttQuat* q, int maxIterations, ttReal relativeTolerance )
{
	// Each step turns R by the rotation vector that the columns of A pull its columns towards,
	// sum(r_i x a_i) / |sum(r_i . a_i)|: a Newton-like step on the rotation that maximises
	// trace(R^T A), the same optimum as the polar decomposition A = R S for det(A) > 0.
	ttReal scale = ttLength( a.cx ) + ttLength( a.cy ) + ttLength( a.cz );
	if ( scale == 0 )
	{
		return;
	}
	ttReal tolerance = scale * relativeTolerance;
	for ( int iteration = 0; iteration < maxIterations; ++iteration )
	{
		ttMat3 r = ttMat3FromQuat( *q );
		ttVec3 torque = ttAdd( ttAdd( ttCross( r.cx, a.cx ), ttCross( r.cy, a.cy ) ), ttCross( r.cz, a.cz ) );
		ttReal alignment = ttAbs( ttDot( r.cx, a.cx ) + ttDot( r.cy, a.cy ) + ttDot( r.cz, a.cz ) );
		ttVec3 omega = ttScale( 1 / ( alignment + tolerance ), torque );
		ttReal angle = ttLength( omega );
		if ( angle * alignment < tolerance )
		{
			break;
		}
		*q = ttQuatNormalize( ttQuatMul( ttQuatFromAxisAngle( ttScale( 1 / angle, omega ), angle ), *q ) );
	}
}

// x_i = c + R rbar_i, q_i = R qbar_i for every dynamic member, with R and c from the anchor when
// the union is welded to a static or kinematic body.
static void ttMatchUnion( ttWorld* world, ttUnionSet* set, ttUnion* u )
{
	const ttUnionMember* members = set->members + u->firstMember;
	ttBody* root = ttWorld_Body( world, members[0].body );
	ttVec3 rootOrigin = root->origin, rootDelta = root->delta;

	ttVec3 center = TT_VEC3_ZERO, restCenter = TT_VEC3_ZERO; // current relative to the root's centre
	ttQuat rotation;
	if ( u->anchorMember >= 0 )
	{
		const ttUnionMember* anchor = set->members + u->anchorMember;
		const ttBody* body = ttWorld_Body( world, anchor->body );
		ttTransform rest = ttRestPrincipal( anchor, body );
		rotation = ttQuatNormalize( ttQuatMul( body->q, ttQuatConj( rest.q ) ) );
		center = ttBody_RelativeCenter( root, body );
		restCenter = rest.p;
	}
	else
	{
		ttReal mass = 0;
		for ( int i = 0; i < u->memberCount; ++i )
		{
			const ttBody* body = ttWorld_Body( world, members[i].body );
			ttTransform rest = ttRestPrincipal( members + i, body );
			center = ttMulAdd( center, body->mass, ttBody_RelativeCenter( root, body ) );
			restCenter = ttMulAdd( restCenter, body->mass, rest.p );
			mass += body->mass;
		}
		center = ttScale( 1 / mass, center );
		restCenter = ttScale( 1 / mass, restCenter );

		ttMat3 moment = { TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO };
		for ( int i = 0; i < u->memberCount; ++i )
		{
			const ttBody* body = ttWorld_Body( world, members[i].body );
			ttTransform rest = ttRestPrincipal( members + i, body );
			ttVec3 r = ttSub( ttBody_RelativeCenter( root, body ), center );
			ttVec3 rBar = ttSub( rest.p, restCenter );
			ttVec3 in = body->inertia;
			ttVec3 spread = { ( in.y + in.z - in.x ) / 2, ( in.x + in.z - in.y ) / 2, ( in.x + in.y - in.z ) / 2 };
			// Q D Qbar^T: columns Q D Qbar^T e_k = Q (D (Qbar^T e_k)).
			ttMat3 body3 = {
			    ttRotate( body->q, ttMulComponents( spread, ttInvRotate( rest.q, ( ttVec3 ){ 1, 0, 0 } ) ) ),
			    ttRotate( body->q, ttMulComponents( spread, ttInvRotate( rest.q, ( ttVec3 ){ 0, 1, 0 } ) ) ),
			    ttRotate( body->q, ttMulComponents( spread, ttInvRotate( rest.q, ( ttVec3 ){ 0, 0, 1 } ) ) ),
			};
			// m r rbar^T: column k is m rbar_k r.
			ttMat3 point = { ttScale( body->mass * rBar.x, r ), ttScale( body->mass * rBar.y, r ),
			                 ttScale( body->mass * rBar.z, r ) };
			moment = ttMat3Add( moment, ttMat3Add( body3, point ) );
		}
		rotation = u->rotation;
		ttExtractRotation( moment, &rotation, 50 );
	}
	u->rotation = rotation;

	for ( int i = 0; i < u->memberCount; ++i )
	{
		ttBody* body = ttWorld_Body( world, members[i].body );
		if ( body->type != ttBody_dynamic )
		{
			continue;
		}
		ttTransform rest = ttRestPrincipal( members + i, body );
		ttVec3 relative = ttAdd( center, ttRotate( rotation, ttSub( rest.p, restCenter ) ) );
		ttQuat q = ttQuatNormalize( ttQuatMul( rotation, rest.q ) );
		if ( q.x * body->q.x + q.y * body->q.y + q.z * body->q.z + q.w * body->q.w < 0 )
		{
			q = ( ttQuat ){ -q.x, -q.y, -q.z, -q.w }; // the same rotation on the body's side of the sphere
		}
		// centre = root origin + root delta + relative, kept as a displacement from the body's origin
		body->delta = ttAdd( ttAdd( ttSub( rootOrigin, body->origin ), rootDelta ), relative );
		body->q = q;
	}
}

static ttUnionSet* ttGetUnionSet( ttWorld* world )
{
	if ( world->unions == NULL )
	{
		world->unions = ttAlloc( sizeof( ttUnionSet ) );
		if ( world->unions != NULL )
		{
			memset( world->unions, 0, sizeof( ttUnionSet ) );
		}
	}
	return world->unions;
}

// Flood the unions again when the joint graph changed: the step, and the debug read before it.
static ttUnionSet* ttRefreshUnions( ttWorld* world )
{
	ttUnionSet* set = ttGetUnionSet( world );
	if ( set == NULL )
	{
		return NULL;
	}
	if ( set->built == false || set->version != world->jointGraphVersion )
	{
		double start = ttNowMilliseconds();
		if ( ttBuildUnions( world, set ) == false )
		{
			ttReportError( "ttWorld_Step", "out of memory: rigid unions are off for this step" );
			set->built = false;
			set->unionCount = 0;
		}
		set->solved = false;
		set->pendingAnalysisMs += ttNowMilliseconds() - start;
	}
	return set;
}

void ttUnions_Update( ttWorld* world )
{
	if ( world->enableLongRange[ttLongRange_shapeMatching] == false )
	{
		return;
	}
	ttUnionSet* set = ttRefreshUnions( world );
	if ( set == NULL )
	{
		return;
	}
	world->stats.longRangeAnalysisMs[ttLongRange_shapeMatching] = set->pendingAnalysisMs;
	set->pendingAnalysisMs = 0;
	world->stats.longRangeCount[ttLongRange_shapeMatching] = set->unionCount;
}

int ttUnions_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity )
{
	if ( world->enableLongRange[ttLongRange_shapeMatching] == false )
	{
		return 0;
	}
	ttUnionSet* set = ttRefreshUnions( world );
	if ( set == NULL )
	{
		return 0;
	}
	int count = 0;
	for ( int u = 0; u < set->unionCount; ++u )
	{
		const ttUnion* un = set->unions + u;
		const ttUnionMember* root = set->members + un->firstMember;
		const ttBody* rootBody = ttWorld_Body( world, root->body );
		ttVec3 rootRest = ttRestPrincipal( root, rootBody ).p;
		bool awake = ttBody_IsSleeping( rootBody ) == false;
		for ( int i = 1; i < un->memberCount; ++i )
		{
			if ( count < capacity )
			{
				const ttUnionMember* member = set->members + un->firstMember + i;
				const ttBody* body = ttWorld_Body( world, member->body );
				ttLongRangeConstraintData* d = out + count;
				memset( d, 0, sizeof( *d ) );
				d->feature = ttLongRange_shapeMatching;
				d->group = u;
				d->bodyA = ttMakeBodyId( world, root->body );
				d->bodyB = member->body == world->groundBody ? ttNullBodyId : ttMakeBodyId( world, member->body );
				d->pointA = ttBody_Center( rootBody );
				d->pointB = ttBody_Center( body );
				d->lower = d->upper = ttDistance( rootRest, ttRestPrincipal( member, body ).p );
				d->distance = ttDistance( d->pointA, d->pointB );
				d->active = set->solved && awake;
			}
			count += 1;
		}
	}
	return count;
}

// Remove the union joints whose force so far in this substep passes the threshold.
static bool ttBreakUnionJoints( ttWorld* world, ttUnionSet* set, ttReal h )
{
	ttReal invH2 = 1 / ( h * h );
	bool broke = false;
	for ( int i = 0; i < set->breakableCount; ++i )
	{
		int jointIndex = set->breakable[i];
		if ( world->joints.used[jointIndex] == false )
		{
			continue;
		}
		ttJoint* joint = ttWorld_Joint( world, jointIndex );
		ttVec3 force = ttScale( invH2, joint->linearImpulse );
		ttVec3 torque = ttScale( invH2, joint->angularImpulse );
		if ( ttLength( force ) > joint->breakForce || ttLength( torque ) > joint->breakTorque )
		{
			joint->force = force;
			joint->torque = torque;
			ttPushBreakEvent( world, jointIndex, joint );
			ttWorld_RemoveJoint( world, jointIndex );
			broke = true;
		}
	}
	return broke;
}

void ttUnions_Solve( ttWorld* world, ttReal h )
{
	ttUnionSet* set = world->unions;
	if ( set == NULL || set->built == false )
	{
		return;
	}
	// Timed here rather than by the long range table: a fracture analyses the unions again, and
	// that time is analysis, not projection.
	double start = ttNowMilliseconds();
	if ( ttBreakUnionJoints( world, set, h ) || set->version != world->jointGraphVersion )
	{
		double analysis = ttNowMilliseconds();
		if ( ttBuildUnions( world, set ) == false )
		{
			ttReportError( "ttWorld_Step", "out of memory: rigid unions are off for this step" );
			set->built = false;
			return;
		}
		world->stats.longRangeCount[ttLongRange_shapeMatching] = set->unionCount;
		double spent = ttNowMilliseconds() - analysis;
		world->stats.longRangeAnalysisMs[ttLongRange_shapeMatching] += spent;
		start += spent;
	}
	set->solved = true;
	for ( int i = 0; i < set->unionCount; ++i )
	{
		// A sleeping union (its welds keep it one island, so the root tells) costs nothing.
		const ttUnion* u = set->unions + i;
		if ( ttBody_IsSleeping( ttWorld_Body( world, set->members[u->firstMember].body ) ) == false )
		{
			ttMatchUnion( world, set, set->unions + i );
		}
	}
	world->stats.longRangeSolveMs[ttLongRange_shapeMatching] += ttNowMilliseconds() - start;
}

void ttUnions_Destroy( ttWorld* world )
{
	ttUnionSet* set = world->unions;
	if ( set == NULL )
	{
		return;
	}
	ttFree( set->members );
	ttFree( set->unions );
	ttFree( set->breakable );
	ttFree( set->bodyUnion );
	ttFree( set->stack );
	ttFree( set );
	world->unions = NULL;
}
