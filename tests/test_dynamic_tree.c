// SPDX-License-Identifier: MIT
// The dynamic AABB tree on its own: after thousands of random inserts, moves and removes the
// structure stays valid (parent links, heights, enclosing boxes, counts), stays shallow, and box
// and segment queries return exactly the leaves a brute-force scan finds.
#include "../src/dynamic_tree.h"
#include "test_macros.h"
#include "test_random.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#define LEAF_LIMIT 2000
#define OPERATIONS 20000

static ttAABB RandomBox( void )
{
	ttVec3 c = { RandomRange( -50, 50 ), RandomRange( -50, 50 ), RandomRange( -50, 50 ) };
	ttVec3 e = { RandomRange( 0.1, 3 ), RandomRange( 0.1, 3 ), RandomRange( 0.1, 3 ) };
	return ( ttAABB ){ ttSub( c, e ), ttAdd( c, e ) };
}

typedef struct Hits
{
	int count;
	char seen[4 * LEAF_LIMIT];
} Hits;

static bool CountQuery( int proxyId, int userData, void* context )
{
	(void)userData;
	Hits* hits = context;
	hits->seen[proxyId] += 1;
	hits->count += 1;
	return true;
}

static ttReal CountRay( ttVec3 origin, ttVec3 translation, ttReal maxFraction, int proxyId, int userData,
                        void* context )
{
	(void)origin;
	(void)translation;
	(void)maxFraction;
	(void)userData;
	Hits* hits = context;
	hits->seen[proxyId] += 1;
	hits->count += 1;
	return -1; // keep going, never clip
}

typedef struct FirstHit
{
	ttReal best;
	int calls;
} FirstHit;

// Clip to the entry fraction of the leaf box: the cast then visits fewer leaves but still finds
// the nearest box.
static ttReal ClipRay( ttVec3 origin, ttVec3 translation, ttReal maxFraction, int proxyId, int userData, void* context )
{
	(void)proxyId;
	(void)maxFraction;
	FirstHit* first = context;
	first->calls += 1;
	(void)userData;
	(void)origin;
	(void)translation;
	return first->best; // set by the caller to the brute-force nearest entry
}

int main( void )
{
	ttDynamicTree tree;
	ttDynamicTree_Create( &tree );
	int ids[LEAF_LIMIT];
	ttAABB boxes[LEAF_LIMIT];
	int live = 0;
	int validations = 0, queryChecks = 0, rayChecks = 0, worstHeight = 0;
	bool valid = true, queriesMatch = true, raysMatch = true;

	for ( int op = 0; op < OPERATIONS && valid; ++op )
	{
		double r = Random01();
		if ( live < LEAF_LIMIT && ( live < 100 || r < 0.4 ) )
		{
			boxes[live] = RandomBox();
			ids[live] = ttDynamicTree_CreateProxy( &tree, boxes[live], live );
			live += 1;
		}
		else if ( r < 0.8 )
		{
			// Small moves mostly, like bodies do; now and then a jump across the world.
			int k = (int)( Random01() * live );
			ttVec3 shift = Random01() < 0.9
			                   ? ( ttVec3 ){ RandomRange( -1, 1 ), RandomRange( -1, 1 ), RandomRange( -1, 1 ) }
			                   : ( ttVec3 ){ RandomRange( -50, 50 ), 0, 0 };
			boxes[k] = ( ttAABB ){ ttAdd( boxes[k].lower, shift ), ttAdd( boxes[k].upper, shift ) };
			ttDynamicTree_MoveProxy( &tree, ids[k], boxes[k] );
		}
		else
		{
			int k = (int)( Random01() * live );
			ttDynamicTree_DestroyProxy( &tree, ids[k] );
			live -= 1;
			ids[k] = ids[live];
			boxes[k] = boxes[live];
		}

		if ( op % 50 == 0 || op == OPERATIONS - 1 )
		{
			valid = ttDynamicTree_Validate( &tree ) && tree.proxyCount == live;
			validations += 1;
			int height = ttDynamicTree_GetHeight( &tree );
			worstHeight = height > worstHeight ? height : worstHeight;
		}

		if ( op % 200 == 0 )
		{
			// Box query against brute force.
			ttAABB query = RandomBox();
			query.upper = ttAdd( query.upper, ( ttVec3 ){ 5, 5, 5 } );
			static Hits hits;
			hits.count = 0;
			for ( int i = 0; i < tree.nodeCount; ++i )
			{
				hits.seen[i] = 0;
			}
			ttDynamicTree_Query( &tree, query, CountQuery, &hits );
			int expected = 0;
			for ( int i = 0; i < live; ++i )
			{
				bool overlap = ttAABB_Overlaps( boxes[i], query );
				expected += overlap;
				queriesMatch = queriesMatch && hits.seen[ids[i]] == ( overlap ? 1 : 0 );
			}
			queriesMatch = queriesMatch && hits.count == expected;
			queryChecks += 1;

			// Segment query against brute force, without clipping ...
			ttVec3 origin = { RandomRange( -60, 60 ), RandomRange( -60, 60 ), RandomRange( -60, 60 ) };
			ttVec3 translation = { RandomRange( -100, 100 ), RandomRange( -100, 100 ), RandomRange( -100, 100 ) };
			if ( op % 400 == 0 )
			{
				translation.y = 0; // parallel to a slab
			}
			hits.count = 0;
			for ( int i = 0; i < tree.nodeCount; ++i )
			{
				hits.seen[i] = 0;
			}
			ttDynamicTree_RayCast( &tree, origin, translation, 1, CountRay, &hits );
			expected = 0;
			ttReal nearest = 2;
			for ( int i = 0; i < live; ++i )
			{
				bool overlap = ttAABB_SegmentOverlaps( boxes[i], origin, translation, 1 );
				expected += overlap;
				raysMatch = raysMatch && hits.seen[ids[i]] == ( overlap ? 1 : 0 );
				// Brute-force nearest entry fraction by bisection on the overlap test.
				if ( overlap )
				{
					ttReal lo = 0, hi = 1;
					for ( int it = 0; it < 40; ++it )
					{
						ttReal mid = (ttReal)0.5 * ( lo + hi );
						if ( ttAABB_SegmentOverlaps( boxes[i], origin, translation, mid ) )
						{
							hi = mid;
						}
						else
						{
							lo = mid;
						}
					}
					nearest = hi < nearest ? hi : nearest;
				}
			}
			raysMatch = raysMatch && hits.count == expected;
			// ... and with clipping to the nearest entry: only boxes reaching that far are visited,
			// and a return of 0 stops at once.
			if ( expected > 0 )
			{
				FirstHit first = { nearest, 0 };
				ttDynamicTree_RayCast( &tree, origin, translation, 1, ClipRay, &first );
				raysMatch = raysMatch && first.calls >= 1 && first.calls <= expected;
				FirstHit stop = { 0, 0 };
				ttDynamicTree_RayCast( &tree, origin, translation, 1, ClipRay, &stop );
				raysMatch = raysMatch && stop.calls == 1;
			}
			rayChecks += 1;
		}
	}

	printf( "%d operations, %d leaves at the end, %d validations, %d box and %d segment queries\n", OPERATIONS, live,
	        validations, queryChecks, rayChecks );
	ENSURE( valid );
	ENSURE( queriesMatch );
	ENSURE( raysMatch );
	// AVL-style rotations keep the tree within a small factor of log2(n).
	ENSURE_BELOW( worstHeight, 3 * log2( LEAF_LIMIT ) );
	ENSURE_BELOW( ttDynamicTree_GetAreaRatio( &tree ), 200 );

	// Remove everything: the tree empties cleanly and is reusable.
	for ( int i = 0; i < live; ++i )
	{
		ttDynamicTree_DestroyProxy( &tree, ids[i] );
	}
	ENSURE( ttDynamicTree_Validate( &tree ) );
	ENSURE( ttDynamicTree_GetHeight( &tree ) == -1 );
	int again = ttDynamicTree_CreateProxy( &tree, RandomBox(), 7 );
	ENSURE( again >= 0 && ttDynamicTree_GetUserData( &tree, again ) == 7 && ttDynamicTree_Validate( &tree ) );
	ttDynamicTree_Destroy( &tree );
	return TEST_RESULT();
}
