// SPDX-License-Identifier: MIT
// Contact begin and end events. After each step the shape pairs whose manifolds touch are listed
// in pair order (the manifolds come sorted by shape A, shape B); the list is merged with the
// previous step's to find pairs that began or ended touching. Touching has hysteresis so that a
// resting contact whose separation wavers around zero does not flicker: a pair begins touching
// when a point reaches zero separation and ends when every point is farther than 5 mm (or its
// manifold is gone: the shapes moved apart or one was destroyed). A sleeping island keeps its
// contacts out of the step's manifolds; its pairs stay touching without events.
#include "core.h"
#include "world.h"

#include "tether/tether.h"

#define TT_TOUCH_END_SEPARATION ( (ttReal)0.005 )

typedef struct ttTouchingPair
{
	int shapeA, shapeB; ///< slots, for ordering
	ttShapeId idA, idB; ///< ids of the moment (stale later if a shape is destroyed)
} ttTouchingPair;

static int ttComparePairs( const ttTouchingPair* a, int shapeA, int shapeB )
{
	if ( a->shapeA != shapeA )
	{
		return a->shapeA < shapeA ? -1 : 1;
	}
	return a->shapeB < shapeB ? -1 : ( a->shapeB > shapeB ? 1 : 0 );
}

static bool ttGrowArray( void** array, int* capacity, int needed, size_t size )
{
	if ( needed <= *capacity )
	{
		return true;
	}
	int grown = needed < 16 ? 16 : 2 * needed;
	void* memory = ttGrow( *array, size * (size_t)*capacity, size * (size_t)grown );
	if ( memory == NULL )
	{
		return false;
	}
	*array = memory;
	*capacity = grown;
	return true;
}

static void ttPushBegin( ttWorld* world, const ttTouchingPair* pair, ttVec3 point, ttVec3 normal )
{
	if ( ttGrowArray( (void**)&world->beginEvents, &world->beginEventCapacity, world->beginEventCount + 1,
	                  sizeof( ttContactBeginTouchEvent ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: a contact begin event was dropped" );
		return;
	}
	world->beginEvents[world->beginEventCount++] = ( ttContactBeginTouchEvent ){ pair->idA, pair->idB, point, normal };
}

// A pair that has no manifold this step because its island sleeps still touches.
static bool ttIsAsleepTogether( ttWorld* world, const ttTouchingPair* pair )
{
	int slots[2] = { pair->shapeA, pair->shapeB };
	ttShapeId ids[2] = { pair->idA, pair->idB };
	bool asleep = false;
	for ( int i = 0; i < 2; ++i )
	{
		int slot = slots[i];
		if ( slot >= world->shapes.count || world->shapes.used[slot] == false ||
		     world->shapes.generations[slot] != ids[i].generation )
		{
			return false; // destroyed
		}
		asleep = asleep || ttBody_IsSleeping( ttWorld_Body( world, ttWorld_Shape( world, slot )->bodyIndex ) );
	}
	return asleep;
}

static void ttPushTouching( ttWorld* world, const ttTouchingPair* pair )
{
	if ( ttGrowArray( (void**)&world->touching, &world->touchingCapacity, world->touchingCount + 1,
	                  sizeof( ttTouchingPair ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: contact events are incomplete this step" );
		return;
	}
	world->touching[world->touchingCount++] = *pair;
}

// A pair of the last step without a manifold now: it ended, unless its island sleeps.
static void ttEndOrKeep( ttWorld* world, const ttTouchingPair* pair )
{
	if ( ttIsAsleepTogether( world, pair ) )
	{
		ttPushTouching( world, pair );
		return;
	}
	if ( ttGrowArray( (void**)&world->endEvents, &world->endEventCapacity, world->endEventCount + 1,
	                  sizeof( ttContactEndTouchEvent ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: a contact end event was dropped" );
		return;
	}
	world->endEvents[world->endEventCount++] = ( ttContactEndTouchEvent ){ pair->idA, pair->idB };
}

static void ttPushEnd( ttWorld* world, const ttTouchingPair* pair )
{
	if ( ttGrowArray( (void**)&world->endEvents, &world->endEventCapacity, world->endEventCount + 1,
	                  sizeof( ttContactEndTouchEvent ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: a contact end event was dropped" );
		return;
	}
	world->endEvents[world->endEventCount++] = ( ttContactEndTouchEvent ){ pair->idA, pair->idB };
}

void ttUpdateContactEvents( ttWorld* world )
{
	// The current list becomes the previous one.
	ttTouchingPair* swap = world->previousTouching;
	int swapCapacity = world->previousTouchingCapacity;
	world->previousTouching = world->touching;
	world->previousTouchingCapacity = world->touchingCapacity;
	world->previousTouchingCount = world->touchingCount;
	world->touching = swap;
	world->touchingCapacity = swapCapacity;
	world->touchingCount = 0;
	world->beginEventCount = 0;
	world->endEventCount = 0;

	const ttTouchingPair* previous = world->previousTouching;
	int previousCount = world->previousTouchingCount;
	int j = 0;
	for ( int i = 0; i < world->manifoldCount; )
	{
		// The manifolds of one shape pair (several for a mesh) and their deepest point.
		const ttManifold* first = world->manifolds + i;
		ttReal deepest = TT_HUGE;
		ttVec3 point = TT_VEC3_ZERO, normal = first->normal;
		for ( ; i < world->manifoldCount && world->manifolds[i].shapeA == first->shapeA &&
		        world->manifolds[i].shapeB == first->shapeB;
		      ++i )
		{
			const ttManifold* m = world->manifolds + i;
			const ttBody* bodyB = ttWorld_Body( world, m->bodyB );
			for ( int k = 0; k < m->pointCount; ++k )
			{
				if ( m->points[k].separation < deepest )
				{
					deepest = m->points[k].separation;
					point = ttAdd( ttBody_Center( bodyB ), ttRotate( bodyB->q, m->points[k].localAnchorB ) );
					normal = m->normal;
				}
			}
		}
		// Pairs of the last step that come before this one have ended.
		while ( j < previousCount && ttComparePairs( previous + j, first->shapeA, first->shapeB ) < 0 )
		{
			ttEndOrKeep( world, previous + j++ );
		}
		bool wasTouching = j < previousCount && ttComparePairs( previous + j, first->shapeA, first->shapeB ) == 0;
		if ( wasTouching )
		{
			j += 1;
		}
		bool touching = deepest <= ( wasTouching ? TT_TOUCH_END_SEPARATION : 0 );
		ttTouchingPair pair = { first->shapeA, first->shapeB, ttMakeShapeId( world, first->shapeA ),
		                        ttMakeShapeId( world, first->shapeB ) };
		if ( touching == false )
		{
			if ( wasTouching )
			{
				ttPushEnd( world, previous + j - 1 );
			}
			continue;
		}
		ttPushTouching( world, &pair );
		if ( wasTouching == false )
		{
			ttPushBegin( world, &pair, point, normal );
		}
	}
	while ( j < previousCount )
	{
		ttEndOrKeep( world, previous + j++ );
	}
}

ttContactEvents ttWorld_GetContactEvents( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ( ttContactEvents ){ NULL, NULL, 0, 0 };
	}
	return ( ttContactEvents ){ world->beginEvents, world->endEvents, world->beginEventCount, world->endEventCount };
}
