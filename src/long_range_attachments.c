// SPDX-License-Identifier: MIT
// Long range attachments (Mueller et al. 2017, section 3.1, figs 2-3): every joint point that is
// connected through joints without positional freedom to a static or kinematic body gets an upper
// (and, where angle limits allow, a lower) bound on its distance to the joint point on that body.
//
// The bounds grow outwards from the anchors along the shortest path (Dijkstra on the joints, by
// upper bound). Each step from joint j to joint k crosses one body along the segment j -> k of
// length l. With d the bound at j and alpha the angle at j between the line back to the anchor
// and the incoming segment continued straight, the joint at j lets the segment bend away from that
// continuation by an angle in [minBend, maxBend] (rest angle gamma and limit delta of fig 2d, here
// computed from the joint type, its limits and the segment directions). The angle theta at j
// between the line to the anchor and the new segment then lies in [thetaMin, thetaMax] and
//   d_k = sqrt(d^2 + l^2 - 2 d l cos(theta)),  alpha_k = theta + beta,
// beta being the angle at the anchor of the triangle (anchor, j, k) (fig 3). Without limits
// maxBend = pi and the upper bound is the sum of the segment lengths, the classic LRA.
#include "long_range_graph.h"

#include "core.h"
#include "world.h"

#include <string.h>

typedef struct ttReach
{
	ttReal upper, lower;           ///< bounds of the distance to the anchor
	ttReal alphaUpper, alphaLower; ///< angle at this joint between line to anchor and continuation
	ttJointPoint anchor;           ///< the anchor point on the static or kinematic body
	int joint;
	int inSide;    ///< side of the joint whose body the incoming segment lies on
	int prevJoint; ///< the other end of the incoming segment on that body; -1 unknown or at the root
	bool limited;  ///< every bend on the path is limited: the lower bound means something
} ttReach;

typedef struct ttReachHeap
{
	ttReach* data;
	int count, capacity;
} ttReachHeap;

static bool ttReachHeap_Push( ttReachHeap* heap, ttReach reach )
{
	if ( heap->count == heap->capacity )
	{
		int capacity = heap->capacity < 64 ? 64 : 2 * heap->capacity;
		ttReach* data =
		    ttGrow( heap->data, sizeof( ttReach ) * (size_t)heap->capacity, sizeof( ttReach ) * (size_t)capacity );
		if ( data == NULL )
		{
			return false;
		}
		heap->data = data;
		heap->capacity = capacity;
	}
	int i = heap->count++;
	while ( i > 0 && heap->data[( i - 1 ) / 2].upper > reach.upper )
	{
		heap->data[i] = heap->data[( i - 1 ) / 2];
		i = ( i - 1 ) / 2;
	}
	heap->data[i] = reach;
	return true;
}

static ttReach ttReachHeap_Pop( ttReachHeap* heap )
{
	ttReach top = heap->data[0];
	ttReach last = heap->data[--heap->count];
	int i = 0;
	for ( ;; )
	{
		int child = 2 * i + 1;
		if ( child >= heap->count )
		{
			break;
		}
		if ( child + 1 < heap->count && heap->data[child + 1].upper < heap->data[child].upper )
		{
			child += 1;
		}
		if ( heap->data[child].upper >= last.upper )
		{
			break;
		}
		heap->data[i] = heap->data[child];
		i = child;
	}
	if ( heap->count > 0 )
	{
		heap->data[i] = last;
	}
	return top;
}

// Third side of a triangle with sides a, b enclosing the angle theta.
static ttReal ttThirdSide( ttReal a, ttReal b, ttReal theta )
{
	return ttSqrt( ttMaxReal( 0, a * a + b * b - 2 * a * b * ttCos( theta ) ) );
}

// Angle opposite side c in a triangle with sides a, b, c (0 for a degenerate triangle).
static ttReal ttOppositeAngle( ttReal a, ttReal b, ttReal c )
{
	if ( a <= 0 || b <= 0 )
	{
		return 0;
	}
	return ttAcos( ttClampReal( ( a * a + b * b - c * c ) / ( 2 * a * b ), -1, 1 ) );
}

// The angle between the line to the anchor (at angle alpha from the continuation) and a segment
// bent from the continuation by some b in [minBend, maxBend]: for one b it spans
// [|alpha - b|, min(alpha + b, 2 pi - alpha - b)].
static ttReal ttThetaMax( ttReal alpha, ttReal minBend, ttReal maxBend )
{
	ttReal bend = ttClampReal( TT_PI - alpha, minBend, maxBend );
	return TT_PI - ttAbs( TT_PI - alpha - bend );
}

static ttReal ttThetaMin( ttReal alpha, ttReal minBend, ttReal maxBend )
{
	return alpha < minBend ? minBend - alpha : ( alpha > maxBend ? alpha - maxBend : 0 );
}

static bool ttIsDynamic( const ttWorld* world, int bodyIndex )
{
	return ( (const ttBody*)ttPool_Get( &world->bodies, bodyIndex ) )->type == ttBody_dynamic;
}

// Push the joints across the body on side `side` of `from`'s joint (all but the joint itself).
static bool ttExpand( ttWorld* world, const ttReach* from, bool isRoot, ttReachHeap* heap, const bool* settled )
{
	ttJoint* joint = ttWorld_Joint( world, from->joint );
	int outSide = 1 - from->inSide;
	int bodyIndex = outSide == 0 ? joint->bodyA : joint->bodyB;
	if ( ttIsDynamic( world, bodyIndex ) == false )
	{
		return true;
	}
	ttBody* body = ttWorld_Body( world, bodyIndex );
	ttVec3 start = ttLongRange_LocalPoint( world, ( ttJointPoint ){ from->joint, outSide } );
	ttVec3 incoming = TT_VEC3_ZERO;
	bool knownIncoming = false;
	if ( isRoot == false && from->prevJoint >= 0 )
	{
		ttJoint* prev = ttWorld_Joint( world, from->prevJoint );
		int prevSide = prev->bodyA == ( from->inSide == 0 ? joint->bodyA : joint->bodyB ) ? 0 : 1;
		ttVec3 end = ttLongRange_LocalPoint( world, ( ttJointPoint ){ from->joint, from->inSide } );
		incoming = ttSub( end, ttLongRange_LocalPoint( world, ( ttJointPoint ){ from->prevJoint, prevSide } ) );
		knownIncoming = ttLength( incoming ) > (ttReal)1e-9;
	}

	for ( int key = body->jointEdgeHead; key >= 0; )
	{
		int k = key >> 1, side = key & 1;
		ttJoint* next = ttWorld_Joint( world, k );
		key = next->edgeNext[side];
		if ( k == from->joint || settled[k] || ttLongRange_JointPropagates( world, k ) == false )
		{
			continue;
		}
		ttVec3 segment = ttSub( ttLongRange_LocalPoint( world, ( ttJointPoint ){ k, side } ), start );
		ttReal length = ttLength( segment );
		ttReach reach = { 0 };
		reach.anchor = from->anchor;
		reach.joint = k;
		reach.inSide = side;
		reach.prevJoint = length > (ttReal)1e-9 ? from->joint : -1;
		if ( isRoot )
		{
			// The first segment starts at the anchor: the bound is its length, and the anchor lies
			// straight behind the segment.
			reach.upper = reach.lower = length;
			reach.alphaUpper = reach.alphaLower = TT_PI;
			reach.limited = true;
		}
		else
		{
			ttReal minBend = 0, maxBend = TT_PI;
			if ( knownIncoming && length > (ttReal)1e-9 )
			{
				ttLongRange_BendRange( world, from->joint, from->inSide, incoming, segment, &minBend, &maxBend );
			}
			ttReal thetaUpper = ttThetaMax( from->alphaUpper, minBend, maxBend );
			ttReal thetaLower = ttThetaMin( from->alphaLower, minBend, maxBend );
			// The distance at j is only known to lie in [lower, upper]: take the worst case of each.
			ttReal farUpper = ttThirdSide( from->upper, length, thetaUpper );
			ttReal nearUpper = ttThirdSide( from->lower, length, thetaUpper );
			ttReal dUpper = farUpper >= nearUpper ? from->upper : from->lower;
			reach.upper = ttMaxReal( farUpper, nearUpper );
			ttReal dLower = ttClampReal( length * ttCos( thetaLower ), from->lower, from->upper );
			reach.lower = ttThirdSide( dLower, length, thetaLower );
			reach.alphaUpper = ttMinReal( TT_PI, thetaUpper + ttOppositeAngle( dUpper, reach.upper, length ) );
			reach.alphaLower = ttMinReal( TT_PI, thetaLower + ttOppositeAngle( dLower, reach.lower, length ) );
			reach.limited = from->limited && maxBend < TT_PI - (ttReal)1e-6;
			if ( length <= (ttReal)1e-9 )
			{
				// Two joints at one point: the direction onwards is unknown, assume the worst.
				reach.alphaUpper = TT_PI;
				reach.alphaLower = 0;
				reach.limited = false;
			}
		}
		if ( ttReachHeap_Push( heap, reach ) == false )
		{
			return false;
		}
	}
	return true;
}

void ttLongRange_BuildAttachments( ttWorld* world, ttDistanceBoundArray* out )
{
	int jointCount = world->joints.count;
	bool* settled = ttAlloc( sizeof( bool ) * (size_t)( jointCount > 0 ? jointCount : 1 ) );
	ttReachHeap heap = { 0 };
	if ( settled == NULL )
	{
		ttReportError( "ttWorld_Step", "out of memory: long range attachments are off this step" );
		return;
	}
	memset( settled, 0, sizeof( bool ) * (size_t)( jointCount > 0 ? jointCount : 1 ) );

	// Roots: joints without positional freedom between a static or kinematic body and a dynamic one.
	bool ok = true;
	for ( int j = 0; ok && j < jointCount; ++j )
	{
		if ( world->joints.used[j] == false || ttLongRange_JointPropagates( world, j ) == false )
		{
			continue;
		}
		ttJoint* joint = ttWorld_Joint( world, j );
		bool dynamicA = ttIsDynamic( world, joint->bodyA ), dynamicB = ttIsDynamic( world, joint->bodyB );
		if ( dynamicA == dynamicB )
		{
			continue;
		}
		int anchorSide = dynamicA ? 1 : 0;
		ttReach root = { 0 };
		root.anchor = ( ttJointPoint ){ j, anchorSide };
		root.joint = j;
		root.inSide = anchorSide;
		root.prevJoint = -1;
		settled[j] = true;
		ok = ttExpand( world, &root, true, &heap, settled );
	}

	while ( ok && heap.count > 0 )
	{
		ttReach reach = ttReachHeap_Pop( &heap );
		if ( settled[reach.joint] )
		{
			continue;
		}
		settled[reach.joint] = true;
		// The bound holds the joint point on the body beyond the joint: that body (a heavy weight
		// at the end of a light chain, say) is the one the anchor must hold directly.
		ttDistanceBound bound = { 0 };
		bound.a = reach.anchor;
		bound.b = ( ttJointPoint ){ reach.joint, 1 - reach.inSide };
		bound.upper = reach.upper;
		bound.lower = reach.limited && reach.lower > (ttReal)1e-6 ? reach.lower : 0;
		ok = ttDistanceBoundArray_Push( world, out, bound ) && ttExpand( world, &reach, false, &heap, settled );
	}
	if ( ok == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: long range attachments are incomplete this step" );
	}
	ttFree( heap.data );
	ttFree( settled );
}
