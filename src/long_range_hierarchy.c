// SPDX-License-Identifier: MIT
// Hierarchy of long range bounds (Mueller et al. 2017, section 3.2, figs 5-7), for chains and
// joint graphs that are free or poorly served by attachments.
//
// Level 0 are the segments between two joint points on one dynamic body: rigid, never projected.
// Each level n + 1 link joins two level n links that meet at a joint from its two sides: the left
// link spans [lowerL, upperL] ending at the joint along its end segment, the right one likewise.
// Each link stores, at both ends, the angle alpha between its end segment and its own direction.
// At the joint the two end segments bend by an angle in [minBend, maxBend] (joint type and hard
// limits), so the angle between the two links' directions lies in
//   [pi - maxBend - alpha1 - alpha2, pi - minBend + alpha1 + alpha2]  (clamped to [0, pi]);
// the largest angle with the largest lengths gives the upper bound, the smallest angle with the
// lengths that bring the ends closest the lower bound (fig 7). The new end angles add the
// triangle's angles at the two ends. The dense variant (fig 6 top) makes one link per pair at
// every joint, O(n log n) for a chain with log n levels; tether builds a configurable number of
// levels (default 3).
#include "long_range_graph.h"

#include "core.h"
#include "world.h"

#include <stdlib.h>
#include <string.h>

typedef struct ttLinkEnd
{
	int joint;     ///< the joint at this end
	int body;      ///< the body the end segment lies on
	int prevJoint; ///< the other end of the end segment on that body
	ttReal alphaUpper, alphaLower;
} ttLinkEnd;

typedef struct ttLink
{
	ttLinkEnd end[2];
	ttReal upper, lower;
	bool limited;
} ttLink;

typedef struct ttLinkArray
{
	ttLink* data;
	int count, capacity;
} ttLinkArray;

static bool ttLinkArray_Push( ttLinkArray* array, ttLink link )
{
	if ( array->count == array->capacity )
	{
		int capacity = array->capacity < 64 ? 64 : 2 * array->capacity;
		ttLink* data =
		    ttGrow( array->data, sizeof( ttLink ) * (size_t)array->capacity, sizeof( ttLink ) * (size_t)capacity );
		if ( data == NULL )
		{
			return false;
		}
		array->data = data;
		array->capacity = capacity;
	}
	array->data[array->count++] = link;
	return true;
}

static int ttSideOf( const ttWorld* world, int jointIndex, int bodyIndex )
{
	const ttJoint* joint = (const ttJoint*)ttPool_Get( &world->joints, jointIndex );
	return joint->bodyA == bodyIndex ? 0 : 1;
}

static ttVec3 ttPointOn( const ttWorld* world, int jointIndex, int bodyIndex )
{
	return ttLongRange_LocalPoint( world, ( ttJointPoint ){ jointIndex, ttSideOf( world, jointIndex, bodyIndex ) } );
}

static bool ttIsDynamicBody( const ttWorld* world, int bodyIndex )
{
	return ( (const ttBody*)ttPool_Get( &world->bodies, bodyIndex ) )->type == ttBody_dynamic;
}

static ttReal ttThirdSide( ttReal a, ttReal b, ttReal theta )
{
	return ttSqrt( ttMaxReal( 0, a * a + b * b - 2 * a * b * ttCos( theta ) ) );
}

static ttReal ttOppositeAngle( ttReal a, ttReal b, ttReal c )
{
	if ( a <= 0 || b <= 0 )
	{
		return 0;
	}
	return ttAcos( ttClampReal( ( a * a + b * b - c * c ) / ( 2 * a * b ), -1, 1 ) );
}

// Level 0: the segments between the propagating joints of each dynamic body.
static bool ttBuildLevelZero( ttWorld* world, ttLinkArray* level )
{
	int* joints = NULL;
	int capacity = 0;
	bool ok = true;
	for ( int b = 0; ok && b < world->bodies.count; ++b )
	{
		if ( world->bodies.used[b] == false || ttIsDynamicBody( world, b ) == false )
		{
			continue;
		}
		ttBody* body = ttWorld_Body( world, b );
		int count = 0;
		for ( int key = body->jointEdgeHead; key >= 0; )
		{
			int j = key >> 1;
			key = ttWorld_Joint( world, j )->edgeNext[key & 1];
			if ( ttLongRange_JointPropagates( world, j ) == false )
			{
				continue;
			}
			if ( count == capacity )
			{
				int grown = capacity < 16 ? 16 : 2 * capacity;
				int* data = ttGrow( joints, sizeof( int ) * (size_t)capacity, sizeof( int ) * (size_t)grown );
				if ( data == NULL )
				{
					ok = false;
					break;
				}
				joints = data;
				capacity = grown;
			}
			joints[count++] = j;
		}
		for ( int i = 0; ok && i < count; ++i )
		{
			for ( int k = i + 1; ok && k < count; ++k )
			{
				ttReal length = ttDistance( ttPointOn( world, joints[i], b ), ttPointOn( world, joints[k], b ) );
				if ( length <= (ttReal)1e-9 )
				{
					continue; // two joints at one point: no direction to bend from
				}
				ttLink link = { 0 };
				link.end[0] = ( ttLinkEnd ){ joints[i], b, joints[k], 0, 0 };
				link.end[1] = ( ttLinkEnd ){ joints[k], b, joints[i], 0, 0 };
				link.upper = link.lower = length;
				link.limited = true;
				ok = ttLinkArray_Push( level, link );
			}
		}
	}
	ttFree( joints );
	return ok;
}

// Join link `left` (ending at the joint with its end `le`) and link `right` (its end `re`).
static bool ttJoinLinks( ttWorld* world, const ttLink* left, int le, const ttLink* right, int re, ttLink* joined )
{
	const ttLinkEnd* a = left->end + le;
	const ttLinkEnd* b = right->end + re;
	const ttLinkEnd* farA = left->end + ( 1 - le );
	const ttLinkEnd* farB = right->end + ( 1 - re );
	if ( farA->joint == farB->joint )
	{
		return false;
	}
	int joint = a->joint;
	// Incoming along the left end segment into the joint, outgoing along the right one.
	ttVec3 in = ttSub( ttPointOn( world, joint, a->body ), ttPointOn( world, a->prevJoint, a->body ) );
	ttVec3 out = ttSub( ttPointOn( world, b->prevJoint, b->body ), ttPointOn( world, joint, b->body ) );
	ttReal minBend, maxBend;
	ttLongRange_BendRange( world, joint, ttSideOf( world, joint, a->body ), in, out, &minBend, &maxBend );

	ttReal phiUpper = ttMinReal( TT_PI, TT_PI - minBend + a->alphaUpper + b->alphaUpper );
	ttReal phiLower = ttMaxReal( 0, TT_PI - maxBend - a->alphaLower - b->alphaLower );

	// |x e1 - y e2| is convex in the two lengths: its maximum over the box of lengths lies at a
	// corner, its minimum on an edge.
	ttReal xs[2] = { left->lower, left->upper }, ys[2] = { right->lower, right->upper };
	ttReal upper = -1, ux = 0, uy = 0;
	for ( int i = 0; i < 2; ++i )
	{
		for ( int k = 0; k < 2; ++k )
		{
			ttReal d = ttThirdSide( xs[i], ys[k], phiUpper );
			if ( d > upper )
			{
				upper = d, ux = xs[i], uy = ys[k];
			}
		}
	}
	ttReal c = ttCos( phiLower );
	ttReal lower = TT_HUGE, lx = 0, ly = 0;
	for ( int i = 0; i < 2; ++i )
	{
		ttReal candidates[2][2] = { { xs[i], ttClampReal( xs[i] * c, ys[0], ys[1] ) },
		                            { ttClampReal( ys[i] * c, xs[0], xs[1] ), ys[i] } };
		for ( int k = 0; k < 2; ++k )
		{
			ttReal d = ttThirdSide( candidates[k][0], candidates[k][1], phiLower );
			if ( d < lower )
			{
				lower = d, lx = candidates[k][0], ly = candidates[k][1];
			}
		}
	}

	joined->end[0] = *farA;
	joined->end[1] = *farB;
	// The triangle's angle at each far end turns that end's segment further from the new line.
	joined->end[0].alphaUpper = ttMinReal( TT_PI, farA->alphaUpper + ttOppositeAngle( ux, upper, uy ) );
	joined->end[1].alphaUpper = ttMinReal( TT_PI, farB->alphaUpper + ttOppositeAngle( uy, upper, ux ) );
	joined->end[0].alphaLower = ttMinReal( TT_PI, farA->alphaLower + ttOppositeAngle( lx, lower, ly ) );
	joined->end[1].alphaLower = ttMinReal( TT_PI, farB->alphaLower + ttOppositeAngle( ly, lower, lx ) );
	joined->upper = upper;
	joined->limited = left->limited && right->limited && maxBend < TT_PI - (ttReal)1e-6;
	joined->lower = joined->limited ? lower : 0;
	return true;
}

static int ttCompareInt( int a, int b )
{
	return ( a > b ) - ( a < b );
}

static int ttCompareReal( ttReal a, ttReal b )
{
	return ( a > b ) - ( a < b );
}

// Links that join the same two joints are one constraint: keep the tightest bounds (and the end
// segments of the tightest upper bound). In a general graph the pairs at a joint multiply from
// level to level (a rope link with a plank joint has three segments); merging by joint pair keeps
// a level of the rope bridge of fig. 15 to a few links per joint.
static int ttCompareJointPairs( const ttLink* a, const ttLink* b )
{
	int order = ttCompareInt( a->end[0].joint, b->end[0].joint );
	return order != 0 ? order : ttCompareInt( a->end[1].joint, b->end[1].joint );
}

// A total order (qsort's order of equal keys differs between C libraries): by joint pair, then
// tightest upper bound first, then the rest of the link, so that only identical links tie.
static int ttCompareLinks( const void* p, const void* q )
{
	const ttLink* a = p;
	const ttLink* b = q;
	int order = ttCompareJointPairs( a, b );
	order = order != 0 ? order : ttCompareReal( a->upper, b->upper );
	order = order != 0 ? order : ttCompareReal( a->lower, b->lower );
	order = order != 0 ? order : ttCompareInt( a->limited, b->limited );
	for ( int i = 0; i < 2 && order == 0; ++i )
	{
		order = ttCompareInt( a->end[i].body, b->end[i].body );
		order = order != 0 ? order : ttCompareInt( a->end[i].prevJoint, b->end[i].prevJoint );
		order = order != 0 ? order : ttCompareReal( a->end[i].alphaUpper, b->end[i].alphaUpper );
		order = order != 0 ? order : ttCompareReal( a->end[i].alphaLower, b->end[i].alphaLower );
	}
	return order;
}

static void ttCanonical( ttLink* link )
{
	if ( link->end[0].joint > link->end[1].joint ||
	     ( link->end[0].joint == link->end[1].joint && link->end[0].body > link->end[1].body ) )
	{
		ttLinkEnd swap = link->end[0];
		link->end[0] = link->end[1];
		link->end[1] = swap;
	}
}

static void ttMergeDuplicates( ttLinkArray* level )
{
	if ( level->count < 2 )
	{
		return;
	}
	qsort( level->data, (size_t)level->count, sizeof( ttLink ), ttCompareLinks );
	int kept = 0;
	for ( int i = 0; i < level->count; ++i )
	{
		if ( kept > 0 && ttCompareJointPairs( level->data + kept - 1, level->data + i ) == 0 )
		{
			ttLink* last = level->data + kept - 1;
			if ( level->data[i].upper < last->upper )
			{
				ttReal lower = ttMaxReal( last->lower, level->data[i].lower );
				*last = level->data[i];
				last->lower = lower;
			}
			else
			{
				last->lower = ttMaxReal( last->lower, level->data[i].lower );
			}
			continue;
		}
		level->data[kept++] = level->data[i];
	}
	level->count = kept;
}

// Per joint and side, only the TT_LINKS_PER_SIDE links of longest reach are joined: in a general
// graph every joint of a body starts a segment and the pairs multiply from level to level (the
// rope bridge of fig. 15, with a plank joint on every rope link, passed 32,000 links in level 3).
// The longest links are the ones along the ropes and planks, which carry the load; in a plain
// chain there is one link per side and nothing is dropped.
#define TT_LINKS_PER_SIDE 2

// Whether entry x (link * 2 + end) reaches further than entry y; ties by entry, for determinism.
static bool ttReachesFurther( const ttLinkArray* level, int x, int y )
{
	ttReal a = level->data[x >> 1].upper, b = level->data[y >> 1].upper;
	return a != b ? a > b : x < y;
}

// Keep at most TT_LINKS_PER_SIDE entries of each end body among entries[0..count), longest first;
// returns the new count. The entries of one joint are few: an insertion sort (and no global
// context for qsort, so that worlds may step on different threads).
static int ttSelectEntries( const ttLinkArray* level, int* entries, int count )
{
	for ( int i = 1; i < count; ++i )
	{
		int entry = entries[i];
		int k = i;
		while ( k > 0 && ttReachesFurther( level, entry, entries[k - 1] ) )
		{
			entries[k] = entries[k - 1];
			k -= 1;
		}
		entries[k] = entry;
	}
	int kept = 0;
	for ( int i = 0; i < count; ++i )
	{
		const ttLink* link = level->data + ( entries[i] >> 1 );
		int body = link->end[entries[i] & 1].body;
		int same = 0;
		for ( int k = 0; k < kept; ++k )
		{
			const ttLink* other = level->data + ( entries[k] >> 1 );
			same += other->end[entries[k] & 1].body == body;
		}
		if ( same < TT_LINKS_PER_SIDE )
		{
			entries[kept++] = entries[i];
		}
	}
	return kept;
}

// Next level: at every joint, join each pair of links that reach it from its two sides.
static bool ttBuildNextLevel( ttWorld* world, const ttLinkArray* level, ttLinkArray* next, int cap )
{
	int jointCount = world->joints.count;
	int* start = ttAlloc( sizeof( int ) * (size_t)( jointCount + 1 ) );
	int* entries = ttAlloc( sizeof( int ) * (size_t)( 2 * level->count + 1 ) );
	bool ok = start != NULL && entries != NULL;
	if ( ok )
	{
		memset( start, 0, sizeof( int ) * (size_t)( jointCount + 1 ) );
		for ( int i = 0; i < level->count; ++i )
		{
			start[level->data[i].end[0].joint + 1] += 1;
			start[level->data[i].end[1].joint + 1] += 1;
		}
		for ( int j = 0; j < jointCount; ++j )
		{
			start[j + 1] += start[j];
		}
		int* fill = ttAlloc( sizeof( int ) * (size_t)( jointCount + 1 ) );
		ok = fill != NULL;
		if ( ok )
		{
			memcpy( fill, start, sizeof( int ) * (size_t)( jointCount + 1 ) );
			for ( int i = 0; i < level->count; ++i )
			{
				// entry = link * 2 + end
				entries[fill[level->data[i].end[0].joint]++] = 2 * i;
				entries[fill[level->data[i].end[1].joint]++] = 2 * i + 1;
			}
			ttFree( fill );
		}
	}
	for ( int j = 0; ok && j < jointCount; ++j )
	{
		int end = start[j] + ttSelectEntries( level, entries + start[j], start[j + 1] - start[j] );
		for ( int x = start[j]; ok && x < end; ++x )
		{
			for ( int y = x + 1; ok && y < end; ++y )
			{
				const ttLink* left = level->data + ( entries[x] >> 1 );
				const ttLink* right = level->data + ( entries[y] >> 1 );
				int le = entries[x] & 1, re = entries[y] & 1;
				if ( left->end[le].body == right->end[re].body )
				{
					continue; // both on one side of the joint: no joint between them
				}
				ttLink joined;
				if ( ttJoinLinks( world, left, le, right, re, &joined ) == false )
				{
					continue;
				}
				ttCanonical( &joined );
				ok = next->count < cap && ttLinkArray_Push( next, joined );
			}
		}
	}
	ttFree( start );
	ttFree( entries );
	ttMergeDuplicates( next );
	return ok;
}

static ttReal ttBodyMass( const ttWorld* world, int bodyIndex )
{
	const ttBody* body = (const ttBody*)ttPool_Get( &world->bodies, bodyIndex );
	return body->type == ttBody_dynamic ? body->mass : TT_HUGE;
}

// Where a link end is projected: on the heavier of the joint's two bodies (static and kinematic
// ones count as infinitely heavy, and then the bound acts as an attachment). The two joint points
// coincide, but a bound between a heavy weight and an anchor holds the weight, where the same
// bound on the light link beside it only drags the link.
static ttJointPoint ttProjectedPoint( ttWorld* world, const ttLinkEnd* end )
{
	ttJoint* joint = ttWorld_Joint( world, end->joint );
	int side = ttSideOf( world, end->joint, end->body );
	int other = side == 0 ? joint->bodyB : joint->bodyA;
	if ( ttBodyMass( world, other ) > ttBodyMass( world, end->body ) )
	{
		side = 1 - side;
	}
	return ( ttJointPoint ){ end->joint, side };
}

void ttLongRange_BuildHierarchy( ttWorld* world, int levels, ttDistanceBoundArray* out )
{
	ttLinkArray current = { 0 }, next = { 0 };
	// A safety net for dense graphs, where the pairs per joint multiply from level to level.
	int cap = 32 * ( world->joints.liveCount + 1 );
	bool ok = ttBuildLevelZero( world, &current );
	for ( int level = 1; ok && level <= levels && current.count > 0; ++level )
	{
		next.count = 0;
		ok = ttBuildNextLevel( world, &current, &next, cap );
		for ( int i = 0; ok && i < next.count; ++i )
		{
			const ttLink* link = next.data + i;
			ttDistanceBound bound = { 0 };
			bound.a = ttProjectedPoint( world, link->end );
			bound.b = ttProjectedPoint( world, link->end + 1 );
			int bodyA = ttLongRange_PointBody( world, bound.a ), bodyB = ttLongRange_PointBody( world, bound.b );
			if ( bodyA == bodyB ||
			     ( ttIsDynamicBody( world, bodyA ) == false && ttIsDynamicBody( world, bodyB ) == false ) )
			{
				continue;
			}
			bound.upper = link->upper;
			bound.lower = link->lower > (ttReal)1e-6 ? link->lower : 0;
			bound.level = level;
			ok = ttDistanceBoundArray_Push( world, out, bound );
		}
		ttLinkArray swap = current;
		current = next;
		next = swap;
	}
	if ( ok == false )
	{
		ttReportError( "ttWorld_Step",
		               "long range hierarchy: out of memory or more than %d links in a level; "
		               "the hierarchy is incomplete",
		               cap );
	}
	ttFree( current.data );
	ttFree( next.data );
}
