// SPDX-License-Identifier: MIT
// Hinge chains (Mueller et al. 2017, section 3.4): plane projection and axis alignment.
//
// Analysis (when the joint graph changed): a chain is a connected set of dynamic bodies with at
// most two hinge joints each, linked by hinge joints whose axes are parallel (checked in the body
// frames, so the test does not depend on the pose at the time of the analysis). Open and closed
// chains are both found; a hinge to a static or kinematic body anchors the chain. Every body gets
// a chain axis u (its hinge axis, signs made consistent along the chain) and every joint location
// an offset h along that axis (fig. 9): the heights are summed up the chain from the joint
// locations in the body frames, and measured from their mass-weighted mean (a joint weighs the
// masses of its bodies) for a free chain, or from the anchor joint for an anchored one.
//
// Projection (after the joints of every position iteration):
//  * the joint locations displaced by -h along their bodies' current axes, two per body weighted
//    with the body mass, give the plane: through their centre of mass, normal along the
//    eigenvector of the smallest eigenvalue of their covariance (eq. 1). An anchored chain's plane
//    is the anchor's: through its joint, normal along its axis;
//  * each body is turned about the centre of its displaced joint locations so that its axis
//    lies along the normal, and moved along the normal into the plane. That removes exactly the
//    three out-of-plane degrees of freedom of each body and leaves the in-plane ones to the joints;
//  * a free chain then gets back the linear and angular momentum the projection changed, as one
//    rigid motion of the whole chain (which keeps it planar). The least-squares plane makes that
//    change vanish for point masses at the joints (the paper's argument); bodies with their own
//    inertia, and the turn about the joints' centre, leave a first-order remainder: without the
//    give-back a ring of 132 segments with random velocities changed its linear momentum by 2 %
//    and its angular momentum by 7 % in one step.
#include "long_range_hinge_chain.h"

#include "body.h"
#include "core.h"
#include "joint.h"
#include "world.h"

#include <string.h>

typedef struct ttChainPoint
{
	int joint;
	int side;    ///< the body's side of the joint (0 = A, 1 = B)
	ttReal sign; ///< +1 or -1: the joint axis on this side times sign is the body's chain axis
	ttReal h;    ///< offset of the joint location along the chain axis (fig. 9)
} ttChainPoint;

typedef struct ttChainBody
{
	int body;
	int firstPoint, pointCount;
} ttChainBody;

typedef struct ttHingeChain
{
	int firstBody, bodyCount;
	int anchorPoint; ///< point (on a chain body) of the joint to a static or kinematic body, -1 if free
} ttHingeChain;

struct ttHingeChainSet
{
	uint32_t version;
	bool built;
	bool solved;              ///< projected in a step since the chains were last found
	double pendingAnalysisMs; ///< an analysis run by the debug read, reported by the next step
	ttChainBody* bodies;
	int bodyCount, bodyCapacity;
	ttChainPoint* points;
	int pointCount, pointCapacity;
	ttHingeChain* chains;
	int chainCount, chainCapacity;
	int* bodyState; ///< per body slot: hinge degree, -1 for no chain body, -2 once visited (scratch)
	int* queue;
	int* entryJoint;     ///< per body slot: the joint the flood reached it through (scratch)
	ttReal* jointSign;   ///< per joint slot: sign of the joint axis along the chain axis (scratch)
	ttReal* jointHeight; ///< per joint slot (scratch)
	bool* jointHasHeight;
	int bodySlots, jointSlots;
};

#define TT_CHAIN_PARALLEL_TOLERANCE ( (ttReal)1e-3 ) ///< |u x e| for parallel hinge axes (0.06 degrees)

static bool ttIsChainCandidate( const ttBody* body )
{
	return body->type == ttBody_dynamic && body->fixedRotation == false;
}

// The joint's frame on one side, in that body's principal frame.
static ttTransform ttSideFrame( const ttJoint* joint, int side )
{
	return side == 0 ? joint->simFrameA : joint->simFrameB;
}

static ttVec3 ttSideAxis( const ttJoint* joint, int side )
{
	return ttRotate( ttSideFrame( joint, side ).q, ( ttVec3 ){ 1, 0, 0 } );
}

static bool ttScratch( ttWorld* world, ttHingeChainSet* set )
{
	if ( world->bodies.count > set->bodySlots )
	{
		ttFree( set->bodyState );
		ttFree( set->queue );
		ttFree( set->entryJoint );
		size_t size = sizeof( int ) * (size_t)world->bodies.count;
		set->bodyState = ttAlloc( size );
		set->queue = ttAlloc( size );
		set->entryJoint = ttAlloc( size );
		bool ok = set->bodyState != NULL && set->queue != NULL && set->entryJoint != NULL;
		set->bodySlots = ok ? world->bodies.count : 0;
	}
	if ( world->joints.count > set->jointSlots )
	{
		ttFree( set->jointHeight );
		ttFree( set->jointHasHeight );
		ttFree( set->jointSign );
		set->jointHeight = ttAlloc( sizeof( ttReal ) * (size_t)world->joints.count );
		set->jointHasHeight = ttAlloc( sizeof( bool ) * (size_t)world->joints.count );
		set->jointSign = ttAlloc( sizeof( ttReal ) * (size_t)world->joints.count );
		bool ok = set->jointHeight != NULL && set->jointHasHeight != NULL && set->jointSign != NULL;
		set->jointSlots = ok ? world->joints.count : 0;
	}
	return set->bodySlots >= world->bodies.count && set->jointSlots >= world->joints.count;
}

// The body at the other end of a joint from `side`.
static int ttOtherBody( const ttJoint* joint, int side )
{
	return side == 0 ? joint->bodyB : joint->bodyA;
}

// Flood one chain from a body of hinge degree 1 or 2. Returns false on a chain that fails the
// parallel test (its records are dropped) or when out of memory (*failed set).
static bool ttFloodChain( ttWorld* world, ttHingeChainSet* set, int root, bool* failed )
{
	int firstBody = set->bodyCount, firstPoint = set->pointCount;
	int anchorPoint = -1;
	bool parallel = true;
	int head = 0, tail = 0;
	set->queue[tail++] = root;
	set->bodyState[root] = -2;
	set->entryJoint[root] = -1;
	while ( head < tail )
	{
		int bodyIndex = set->queue[head++];
		ttBody* body = ttWorld_Body( world, bodyIndex );
		if ( ttReserve( (void**)&set->bodies, &set->bodyCapacity, set->bodyCount + 1, sizeof( ttChainBody ) ) == false )
		{
			*failed = true;
			return false;
		}
		ttChainBody* cb = set->bodies + set->bodyCount++;
		*cb = ( ttChainBody ){ bodyIndex, set->pointCount, 0 };

		// The chain axis of this body and the height of its entry joint.
		int entry = set->entryJoint[bodyIndex];
		ttVec3 axis = TT_VEC3_ZERO, entryPoint = TT_VEC3_ZERO;
		ttReal entryHeight = 0;
		for ( int edge = body->jointEdgeHead; edge >= 0; )
		{
			int jointIndex = edge >> 1, side = edge & 1;
			const ttJoint* joint = ttWorld_Joint( world, jointIndex );
			edge = joint->edgeNext[side];
			if ( joint->type != ttJoint_hinge || ( entry >= 0 && jointIndex != entry ) )
			{
				continue;
			}
			int other = ttOtherBody( joint, side );
			if ( entry < 0 && set->bodyState[other] == -1 && ttWorld_Body( world, other )->type == ttBody_dynamic )
			{
				continue; // the root takes its axis from a joint that belongs to the chain
			}
			if ( entry < 0 )
			{
				set->jointSign[jointIndex] = 1;
				set->jointHeight[jointIndex] = 0;
				set->jointHasHeight[jointIndex] = true;
			}
			axis = ttScale( set->jointSign[jointIndex], ttSideAxis( joint, side ) );
			entryPoint = ttSideFrame( joint, side ).p;
			entryHeight = set->jointHeight[jointIndex];
			break;
		}

		for ( int edge = body->jointEdgeHead; edge >= 0; )
		{
			int jointIndex = edge >> 1, side = edge & 1;
			const ttJoint* joint = ttWorld_Joint( world, jointIndex );
			edge = joint->edgeNext[side];
			if ( joint->type != ttJoint_hinge )
			{
				continue;
			}
			int other = ttOtherBody( joint, side );
			const ttBody* otherBody = ttWorld_Body( world, other );
			bool link = set->bodyState[other] >= 1 || set->bodyState[other] == -2;
			bool anchor = otherBody->type != ttBody_dynamic;
			if ( link == false && anchor == false )
			{
				continue; // a hinge to a branching body: not part of the chain
			}
			ttVec3 e = ttSideAxis( joint, side );
			if ( ttLength( ttCross( e, axis ) ) > TT_CHAIN_PARALLEL_TOLERANCE )
			{
				parallel = false;
			}
			ttReal sign = ttDot( e, axis ) >= 0 ? (ttReal)1 : (ttReal)-1;
			if ( set->jointHasHeight[jointIndex] == false )
			{
				set->jointSign[jointIndex] = sign;
				set->jointHeight[jointIndex] =
				    entryHeight + ttDot( ttSub( ttSideFrame( joint, side ).p, entryPoint ), axis );
				set->jointHasHeight[jointIndex] = true;
			}
			if ( ttReserve( (void**)&set->points, &set->pointCapacity, set->pointCount + 1, sizeof( ttChainPoint ) ) ==
			     false )
			{
				*failed = true;
				return false;
			}
			if ( anchor && anchorPoint < 0 )
			{
				anchorPoint = set->pointCount;
			}
			set->points[set->pointCount++] = ( ttChainPoint ){ jointIndex, side, sign, 0 };
			cb->pointCount += 1;
			if ( link && set->bodyState[other] != -2 )
			{
				set->bodyState[other] = -2;
				set->entryJoint[other] = jointIndex;
				set->queue[tail++] = other;
			}
		}
	}

	int bodyCount = set->bodyCount - firstBody;
	if ( parallel == false || bodyCount < 2 )
	{
		set->bodyCount = firstBody;
		set->pointCount = firstPoint;
		return false;
	}

	// Offsets h from the mass-weighted mean height of the joint locations, or from the anchor.
	ttReal reference = 0, weight = 0;
	for ( int i = firstBody; i < set->bodyCount; ++i )
	{
		ttReal mass = ttWorld_Body( world, set->bodies[i].body )->mass;
		for ( int k = 0; k < set->bodies[i].pointCount; ++k )
		{
			reference += mass * set->jointHeight[set->points[set->bodies[i].firstPoint + k].joint];
			weight += mass;
		}
	}
	reference = anchorPoint >= 0 ? set->jointHeight[set->points[anchorPoint].joint] : reference / weight;
	for ( int p = firstPoint; p < set->pointCount; ++p )
	{
		set->points[p].h = set->jointHeight[set->points[p].joint] - reference;
	}

	if ( ttReserve( (void**)&set->chains, &set->chainCapacity, set->chainCount + 1, sizeof( ttHingeChain ) ) == false )
	{
		*failed = true;
		return false;
	}
	set->chains[set->chainCount++] = ( ttHingeChain ){ firstBody, bodyCount, anchorPoint };
	return true;
}

static bool ttBuildChains( ttWorld* world, ttHingeChainSet* set )
{
	set->bodyCount = 0;
	set->pointCount = 0;
	set->chainCount = 0;
	if ( ttScratch( world, set ) == false )
	{
		return false;
	}
	for ( int i = 0; i < world->bodies.count; ++i )
	{
		bool candidate = world->bodies.used[i] && ttIsChainCandidate( ttWorld_Body( world, i ) );
		set->bodyState[i] = candidate ? 0 : -1;
	}
	for ( int j = 0; j < world->joints.count; ++j )
	{
		set->jointHasHeight[j] = false;
		if ( world->joints.used[j] == false )
		{
			continue;
		}
		const ttJoint* joint = ttWorld_Joint( world, j );
		if ( joint->type != ttJoint_hinge )
		{
			continue;
		}
		set->bodyState[joint->bodyA] += set->bodyState[joint->bodyA] >= 0 ? 1 : 0;
		set->bodyState[joint->bodyB] += set->bodyState[joint->bodyB] >= 0 ? 1 : 0;
	}
	for ( int i = 0; i < world->bodies.count; ++i )
	{
		if ( set->bodyState[i] == 0 || set->bodyState[i] > 2 )
		{
			set->bodyState[i] = -1; // no hinge, or a branch point
		}
	}
	bool failed = false;
	for ( int i = 0; i < world->bodies.count && failed == false; ++i )
	{
		if ( set->bodyState[i] >= 1 )
		{
			ttFloodChain( world, set, i, &failed );
		}
	}
	set->version = world->jointGraphVersion;
	set->built = failed == false;
	return failed == false;
}

typedef struct ttChainFrame
{
	ttVec3 refOrigin, refDelta; ///< positions are taken relative to the first body's centre
} ttChainFrame;

static ttVec3 ttChainRelative( const ttChainFrame* frame, const ttBody* body )
{
	return ttAdd( ttSub( body->origin, frame->refOrigin ), ttSub( body->delta, frame->refDelta ) );
}

static ttVec3 ttChainBodyAxis( ttWorld* world, const ttHingeChainSet* set, const ttChainBody* cb, const ttBody* body )
{
	const ttChainPoint* p = set->points + cb->firstPoint;
	ttVec3 local = ttScale( p->sign, ttSideAxis( ttWorld_Joint( world, p->joint ), p->side ) );
	return ttRotate( body->q, local );
}

// A joint location of a body, displaced by -h along the body's axis, relative to the frame.
static ttVec3 ttDisplacedPoint( ttWorld* world, const ttChainFrame* frame, const ttChainPoint* p, const ttBody* body,
                                ttVec3 axis )
{
	ttVec3 local = ttSideFrame( ttWorld_Joint( world, p->joint ), p->side ).p;
	ttVec3 point = ttAdd( ttChainRelative( frame, body ), ttRotate( body->q, local ) );
	return ttMulAdd( point, -p->h, axis );
}

static ttVec3 ttMat3Column( ttMat3 m, int index )
{
	return index == 0 ? m.cx : ( index == 1 ? m.cy : m.cz );
}

static ttReal ttVec3Component( ttVec3 v, int index )
{
	return index == 0 ? v.x : ( index == 1 ? v.y : v.z );
}

static void ttProjectChain( ttWorld* world, const ttHingeChainSet* set, const ttHingeChain* chain )
{
	const ttChainBody* cbs = set->bodies + chain->firstBody;
	const ttBody* ref = ttWorld_Body( world, cbs[0].body );
	ttChainFrame frame = { ref->origin, ref->delta };

	// Centre of mass, inertia about it, mean axis; for a free chain the plane of eq. 1.
	ttReal mass = 0, pointMass = 0;
	ttVec3 center = TT_VEC3_ZERO, pointCenter = TT_VEC3_ZERO, meanAxis = TT_VEC3_ZERO;
	for ( int i = 0; i < chain->bodyCount; ++i )
	{
		const ttBody* body = ttWorld_Body( world, cbs[i].body );
		ttVec3 axis = ttChainBodyAxis( world, set, cbs + i, body );
		mass += body->mass;
		center = ttMulAdd( center, body->mass, ttChainRelative( &frame, body ) );
		meanAxis = ttMulAdd( meanAxis, body->mass, axis );
		for ( int k = 0; k < cbs[i].pointCount; ++k )
		{
			ttVec3 point = ttDisplacedPoint( world, &frame, set->points + cbs[i].firstPoint + k, body, axis );
			pointCenter = ttMulAdd( pointCenter, body->mass, point );
			pointMass += body->mass;
		}
	}
	center = ttScale( 1 / mass, center );
	pointCenter = ttScale( 1 / pointMass, pointCenter );

	ttVec3 normal, planePoint;
	if ( chain->anchorPoint >= 0 )
	{
		const ttChainPoint* p = set->points + chain->anchorPoint;
		const ttJoint* joint = ttWorld_Joint( world, p->joint );
		const ttBody* anchor = ttWorld_Body( world, ttOtherBody( joint, p->side ) );
		ttTransform frameOnAnchor = ttSideFrame( joint, 1 - p->side );
		normal = ttScale( p->sign, ttRotate( anchor->q, ttRotate( frameOnAnchor.q, ( ttVec3 ){ 1, 0, 0 } ) ) );
		planePoint = ttAdd( ttChainRelative( &frame, anchor ), ttRotate( anchor->q, frameOnAnchor.p ) );
	}
	else
	{
		ttMat3 covariance = { TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO };
		for ( int i = 0; i < chain->bodyCount; ++i )
		{
			const ttBody* body = ttWorld_Body( world, cbs[i].body );
			ttVec3 axis = ttChainBodyAxis( world, set, cbs + i, body );
			for ( int k = 0; k < cbs[i].pointCount; ++k )
			{
				ttVec3 d = ttSub( ttDisplacedPoint( world, &frame, set->points + cbs[i].firstPoint + k, body, axis ),
				                  pointCenter );
				ttMat3 outer = { ttScale( d.x, d ), ttScale( d.y, d ), ttScale( d.z, d ) };
				covariance = ttMat3Add( covariance, ttMat3Scale( body->mass, outer ) );
			}
		}
		ttVec3 values;
		ttQuat basis;
		ttMat3SymmetricEigen( covariance, &values, &basis );
		ttMat3 vectors = ttMat3FromQuat( basis );
		int order[3] = { 0, 1, 2 }; // ascending eigenvalues
		for ( int a = 0; a < 2; ++a )
		{
			for ( int b = a + 1; b < 3; ++b )
			{
				if ( ttVec3Component( values, order[b] ) < ttVec3Component( values, order[a] ) )
				{
					int t = order[a];
					order[a] = order[b];
					order[b] = t;
				}
			}
		}
		normal = ttMat3Column( vectors, order[0] );
		ttReal spread = ttVec3Component( values, order[2] );
		if ( spread <= (ttReal)1e-12 * pointMass * ( 1 + ttDot( center, center ) ) )
		{
			// The joint locations coincide (a pair on one hinge): the covariance is zero and its
			// eigenvectors arbitrary. Turned onto one of them, a pair at rest left at 100 m/s.
			normal = ttLength( meanAxis ) > 0 ? ttNormalize( meanAxis ) : normal;
		}
		else if ( ttVec3Component( values, order[0] ) >= (ttReal)0.5 * ttVec3Component( values, order[1] ) ||
		          ttVec3Component( values, order[1] ) <= (ttReal)1e-9 * spread )
		{
			// (The second test: joints on one line leave two eigenvalues at rounding noise, whose
			// ratio says nothing; a straight free chain was turned onto a noise eigenvector.)
			// Nearly collinear joints leave the plane free to turn about their line: take the
			// normal in that pencil closest to the bodies' mean axis.
			ttVec3 line = ttMat3Column( vectors, order[2] );
			ttVec3 projected = ttMulAdd( meanAxis, -ttDot( meanAxis, line ), line );
			if ( ttLength( projected ) > 0 )
			{
				normal = ttNormalize( projected );
			}
		}
		if ( ttDot( normal, meanAxis ) < 0 )
		{
			normal = ttNeg( normal );
		}
		planePoint = pointCenter;
	}

	// Turn every body's axis onto the normal about its joints' centre, then move it into the plane.
	ttVec3 linear = TT_VEC3_ZERO, angular = TT_VEC3_ZERO;
	ttMat3 inertia = { TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO };
	for ( int i = 0; i < chain->bodyCount; ++i )
	{
		ttBody* body = ttWorld_Body( world, cbs[i].body );
		ttVec3 axis = ttChainBodyAxis( world, set, cbs + i, body );
		ttVec3 pivot = TT_VEC3_ZERO;
		for ( int k = 0; k < cbs[i].pointCount; ++k )
		{
			pivot = ttAdd( pivot, ttDisplacedPoint( world, &frame, set->points + cbs[i].firstPoint + k, body, axis ) );
		}
		pivot = ttScale( 1 / (ttReal)cbs[i].pointCount, pivot );
		ttQuat turn = ttQuatFromTo( axis, normal );
		ttVec3 oldCenter = ttChainRelative( &frame, body );
		ttVec3 newCenter = ttAdd( pivot, ttRotate( turn, ttSub( oldCenter, pivot ) ) );
		newCenter = ttMulAdd( newCenter, -ttDot( normal, ttSub( pivot, planePoint ) ), normal );
		ttVec3 move = ttSub( newCenter, oldCenter );
		ttQuat newQ = ttQuatNormalize( ttQuatMul( turn, body->q ) );
		ttVec3 rotation = ttQuatToRotationVector( ttQuatMul( newQ, ttQuatConj( body->q ) ) );

		ttMat3 bodyInertia = ttMat3RotateDiagonal( ttMat3FromQuat( body->q ), body->inertia );
		ttVec3 r = ttSub( oldCenter, center );
		linear = ttMulAdd( linear, body->mass, move );
		angular =
		    ttAdd( angular, ttAdd( ttScale( body->mass, ttCross( r, move ) ), ttMat3MulVec( bodyInertia, rotation ) ) );
		// I + m (|r|^2 E - r r^T)
		ttMat3 shift = { ttScale( -r.x, r ), ttScale( -r.y, r ), ttScale( -r.z, r ) };
		shift = ttMat3Add( shift, ttMat3Diagonal( ( ttVec3 ){ ttDot( r, r ), ttDot( r, r ), ttDot( r, r ) } ) );
		inertia = ttMat3Add( inertia, ttMat3Add( bodyInertia, ttMat3Scale( body->mass, shift ) ) );

		body->delta = ttAdd( body->delta, move );
		body->q = newQ;
	}
	if ( chain->anchorPoint >= 0 )
	{
		return; // the anchor takes the momentum
	}

	// Give back the momentum as one rigid motion of the chain about its new centre of mass.
	ttVec3 translation = ttScale( -1 / mass, linear );
	ttVec3 spin = ttNeg( ttMat3Solve( inertia, angular ) );
	ttVec3 newCenter = ttMulAdd( center, 1 / mass, linear );
	for ( int i = 0; i < chain->bodyCount; ++i )
	{
		ttBody* body = ttWorld_Body( world, cbs[i].body );
		ttVec3 r = ttSub( ttChainRelative( &frame, body ), newCenter );
		body->delta = ttAdd( body->delta, ttAdd( translation, ttCross( spin, r ) ) );
		body->q = ttQuatIntegrate( body->q, spin );
	}
}

static ttHingeChainSet* ttGetChainSet( ttWorld* world )
{
	if ( world->hingeChains == NULL )
	{
		world->hingeChains = ttAlloc( sizeof( ttHingeChainSet ) );
		if ( world->hingeChains != NULL )
		{
			memset( world->hingeChains, 0, sizeof( ttHingeChainSet ) );
		}
	}
	return world->hingeChains;
}

// Find the chains again when the joint graph changed: the step, and the debug read before it.
static ttHingeChainSet* ttRefreshChains( ttWorld* world )
{
	ttHingeChainSet* set = ttGetChainSet( world );
	if ( set == NULL )
	{
		return NULL;
	}
	if ( set->built == false || set->version != world->jointGraphVersion )
	{
		double start = ttNowMilliseconds();
		if ( ttBuildChains( world, set ) == false )
		{
			ttReportError( "ttWorld_Step", "out of memory: hinge chains are off for this step" );
			set->chainCount = 0;
		}
		set->solved = false;
		set->pendingAnalysisMs += ttNowMilliseconds() - start;
	}
	return set;
}

void ttHingeChains_Update( ttWorld* world )
{
	if ( world->enableLongRange[ttLongRange_hingeChains] == false )
	{
		return;
	}
	ttHingeChainSet* set = ttRefreshChains( world );
	if ( set == NULL )
	{
		return;
	}
	world->stats.longRangeAnalysisMs[ttLongRange_hingeChains] = set->pendingAnalysisMs;
	set->pendingAnalysisMs = 0;
	world->stats.longRangeCount[ttLongRange_hingeChains] = set->chainCount;
}

int ttHingeChains_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity )
{
	if ( world->enableLongRange[ttLongRange_hingeChains] == false )
	{
		return 0;
	}
	ttHingeChainSet* set = ttRefreshChains( world );
	if ( set == NULL )
	{
		return 0;
	}
	int count = 0;
	for ( int c = 0; c < set->chainCount; ++c )
	{
		const ttHingeChain* chain = set->chains + c;
		bool awake = ttBody_IsSleeping( ttWorld_Body( world, set->bodies[chain->firstBody].body ) ) == false;
		for ( int i = 0; i < chain->bodyCount; ++i )
		{
			const ttChainBody* cb = set->bodies + chain->firstBody + i;
			if ( cb->pointCount != 2 )
			{
				continue; // a chain end: no segment between two hinges
			}
			if ( count < capacity )
			{
				const ttBody* body = ttWorld_Body( world, cb->body );
				const ttChainPoint* p = set->points + cb->firstPoint;
				ttVec3 localA = ttSideFrame( ttWorld_Joint( world, p[0].joint ), p[0].side ).p;
				ttVec3 localB = ttSideFrame( ttWorld_Joint( world, p[1].joint ), p[1].side ).p;
				ttLongRangeConstraintData* d = out + count;
				memset( d, 0, sizeof( *d ) );
				d->feature = ttLongRange_hingeChains;
				d->group = c;
				d->bodyA = d->bodyB = ttMakeBodyId( world, cb->body );
				d->pointA = ttAdd( ttBody_Center( body ), ttRotate( body->q, localA ) );
				d->pointB = ttAdd( ttBody_Center( body ), ttRotate( body->q, localB ) );
				d->lower = d->upper = ttDistance( localA, localB );
				d->distance = ttDistance( d->pointA, d->pointB );
				d->axis = ttChainBodyAxis( world, set, cb, body );
				d->active = set->solved && awake;
			}
			count += 1;
		}
	}
	return count;
}

void ttHingeChains_Solve( ttWorld* world, ttReal h )
{
	(void)h; // the projection is exact: it needs no step length
	ttHingeChainSet* set = world->hingeChains;
	if ( set == NULL || set->built == false || set->version != world->jointGraphVersion )
	{
		return; // a joint of a chain broke inside this step: the chains are found again next step
	}
	set->solved = true;
	for ( int i = 0; i < set->chainCount; ++i )
	{
		// A sleeping chain (its hinges keep it one island, so one body tells) costs nothing.
		const ttHingeChain* chain = set->chains + i;
		if ( ttBody_IsSleeping( ttWorld_Body( world, set->bodies[chain->firstBody].body ) ) == false )
		{
			ttProjectChain( world, set, set->chains + i );
		}
	}
}

void ttHingeChains_Destroy( ttWorld* world )
{
	ttHingeChainSet* set = world->hingeChains;
	if ( set == NULL )
	{
		return;
	}
	ttFree( set->bodies );
	ttFree( set->points );
	ttFree( set->chains );
	ttFree( set->bodyState );
	ttFree( set->queue );
	ttFree( set->entryJoint );
	ttFree( set->jointHeight );
	ttFree( set->jointHasHeight );
	ttFree( set->jointSign );
	ttFree( set );
	world->hingeChains = NULL;
}
