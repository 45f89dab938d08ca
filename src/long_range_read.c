// SPDX-License-Identifier: MIT
// Debug read of the long range constraints (ttWorld_GetLongRangeConstraints): every kind as a pair
// of world points with a distance range, so that a viewer draws them all alike and a test can hold
// them against hand geometry. Each feature fills its own entries through the long range table
// (long_range.c); the distance bounds of attachments and hierarchy are read here.
#include "body.h"
#include "core.h"
#include "long_range.h"
#include "long_range_graph.h"
#include "world.h"

#include "tether/tether.h"

#include <string.h>

// The distance bounds of one feature (attachments or hierarchy) as the solver enforces them.
static int ttReadBounds( ttWorld* world, ttLongRangeFeature feature, const ttDistanceBoundArray* array,
                         ttLongRangeConstraintData* out, int capacity )
{
	const ttLongRangeBoundSettings* settings = world->longRange.settings + feature;
	// The multipliers are those of the last substep (reset at the start of each).
	ttReal invH2 = world->step.invH2;
	int count = array->count < capacity ? array->count : capacity;
	for ( int i = 0; i < count; ++i )
	{
		const ttDistanceBound* bound = array->data + i;
		ttBody* bodyA = ttWorld_Body( world, bound->bodyA );
		ttBody* bodyB = ttWorld_Body( world, bound->bodyB );
		ttLongRangeConstraintData* d = out + i;
		memset( d, 0, sizeof( *d ) );
		d->feature = feature;
		d->level = bound->level;
		d->group = -1;
		d->bodyA = bound->bodyA == world->groundBody ? ttNullBodyId : ttMakeBodyId( world, bound->bodyA );
		d->bodyB = bound->bodyB == world->groundBody ? ttNullBodyId : ttMakeBodyId( world, bound->bodyB );
		d->pointA = ttAdd( ttBody_Center( bodyA ), ttRotate( bodyA->q, ttLongRange_LocalPoint( world, bound->a ) ) );
		d->pointB = ttAdd( ttBody_Center( bodyB ), ttRotate( bodyB->q, ttLongRange_LocalPoint( world, bound->b ) ) );
		d->upper = bound->upper;
		d->lower = settings->upperAsLower ? ttMaxReal( bound->lower, bound->upper ) : bound->lower;
		d->distance = ttDistance( d->pointA, d->pointB );
		d->active = bound->lambdaUpper != 0 || bound->lambdaLower != 0;
		d->force = ( ttAbs( bound->lambdaUpper ) + ttAbs( bound->lambdaLower ) ) * invH2;
	}
	return array->count;
}

int ttAttachments_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity )
{
	ttLongRange_Refresh( world );
	return ttReadBounds( world, ttLongRange_attachments, &world->longRange.attachments, out, capacity );
}

int ttHierarchy_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity )
{
	ttLongRange_Refresh( world );
	return ttReadBounds( world, ttLongRange_hierarchy, &world->longRange.hierarchy, out, capacity );
}

int ttWorld_GetLongRangeConstraintCount( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? ttLongRange_Read( world, NULL, 0 ) : 0;
}

int ttWorld_GetLongRangeConstraints( ttWorldId worldId, ttLongRangeConstraintData* data, int capacity )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return 0;
	}
	if ( data == NULL || capacity < 0 )
	{
		TT_ERROR( "data must not be NULL and capacity must be >= 0" );
		return 0;
	}
	int total = ttLongRange_Read( world, data, capacity );
	return total < capacity ? total : capacity;
}
