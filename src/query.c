// SPDX-License-Identifier: MIT
// Scene queries against the broadphase: ray casts (closest hit and all hits) and box overlap.
// The tree culls with its fattened leaves (brought up to date first, see ttBroadPhase_Sync); each
// candidate is then tested exactly against the shape's current pose. Planes are not in the tree
// and are tested one by one. Shape casts and closest-point queries come with GJK (issue 3 item
// 4): they belong in this file next to the ray cast, built on the same tree walk.
#include "core.h"
#include "shape_raycast.h"
#include "world.h"

#include "tether/tether.h"

ttQueryFilter ttDefaultQueryFilter( void )
{
	return ( ttQueryFilter ){ 1, UINT64_MAX };
}

static ttTransform ttShapeWorldTransform( ttWorld* world, const ttShape* shape )
{
	return ttShape_UserWorldTransform( ttWorld_Body( world, shape->bodyIndex ), shape );
}

// ---------------------------------------------------------------------------------------------
// Ray casts

typedef struct ttRayQuery
{
	ttWorld* world;
	ttQueryFilter filter;
	ttCastResultFcn* fcn;
	void* context;
	ttReal maxFraction; ///< as clipped by the user's callback
	bool stopped;
} ttRayQuery;

// Test one shape; pass a hit to the user and turn the answer into the tree's convention.
static ttReal ttRayQueryShape( ttRayQuery* query, int shapeIndex, ttVec3 origin, ttVec3 translation )
{
	ttWorld* world = query->world;
	const ttShape* shape = ttWorld_Shape( world, shapeIndex );
	if ( ttShouldQueryShape( shape->filter, query->filter ) == false )
	{
		return -1;
	}
	ttRayHit hit;
	if ( ttShape_RayCastAt( shape, ttShapeWorldTransform( world, shape ), origin, translation, query->maxFraction,
	                        &hit ) == false )
	{
		return -1;
	}
	ttReal value =
	    query->fcn( ttMakeShapeId( world, shapeIndex ), hit.point, hit.normal, hit.fraction, query->context );
	if ( value == 0 )
	{
		query->stopped = true;
	}
	else if ( 0 < value && value < query->maxFraction )
	{
		query->maxFraction = value;
	}
	return value;
}

static ttReal ttRayTreeCallback( ttVec3 origin, ttVec3 translation, ttReal maxFraction, int proxyId, int userData,
                                 void* context )
{
	(void)maxFraction;
	(void)proxyId;
	return ttRayQueryShape( context, userData, origin, translation );
}

static bool ttCheckRay( const char* function, ttVec3 origin, ttVec3 translation )
{
	if ( ttIsValidVec3( origin ) == false || ttIsValidVec3( translation ) == false )
	{
		ttReportError( function, "origin and translation must be finite" );
		return false;
	}
	return true;
}

static void ttCastRay( ttWorld* world, ttVec3 origin, ttVec3 translation, ttRayQuery* query )
{
	ttBroadPhase_Sync( world );
	ttDynamicTree_RayCast( &world->broadPhase.tree, origin, translation, 1, ttRayTreeCallback, query );
	const ttBroadPhase* bp = &world->broadPhase;
	for ( int i = 0; i < bp->planeCount && query->stopped == false; ++i )
	{
		ttRayQueryShape( query, bp->planes[i], origin, translation );
	}
}

ttResult ttWorld_CastRay( ttWorldId worldId, ttVec3 origin, ttVec3 translation, ttQueryFilter filter,
                          ttCastResultFcn* fcn, void* context )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttCheckRay( __func__, origin, translation ) == false )
	{
		return ttResult_invalidArgument;
	}
	if ( fcn == NULL )
	{
		TT_ERROR( "fcn must not be NULL" );
		return ttResult_invalidArgument;
	}
	ttRayQuery query = { world, filter, fcn, context, 1, false };
	ttCastRay( world, origin, translation, &query );
	return ttResult_ok;
}

static ttReal ttClosestCallback( ttShapeId shapeId, ttVec3 point, ttVec3 normal, ttReal fraction, void* context )
{
	ttRayResult* result = context;
	result->shapeId = shapeId;
	result->point = point;
	result->normal = normal;
	result->fraction = fraction;
	result->hit = true;
	// Clipping makes every later hit closer. A hit at the very origin cannot be beaten: stop.
	return fraction;
}

ttRayResult ttWorld_CastRayClosest( ttWorldId worldId, ttVec3 origin, ttVec3 translation, ttQueryFilter filter )
{
	ttRayResult result = { 0 };
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL || ttCheckRay( __func__, origin, translation ) == false )
	{
		return result;
	}
	ttRayQuery query = { world, filter, ttClosestCallback, &result, 1, false };
	ttCastRay( world, origin, translation, &query );
	if ( result.hit )
	{
		const ttShape* shape = ttWorld_Shape( world, result.shapeId.index1 - 1 );
		result.bodyId = ttMakeBodyId( world, shape->bodyIndex );
	}
	return result;
}

ttRayResult ttShape_RayCast( ttShapeId shapeId, ttVec3 origin, ttVec3 translation )
{
	ttRayResult result = { 0 };
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	if ( shape == NULL || ttCheckRay( __func__, origin, translation ) == false )
	{
		return result;
	}
	ttRayHit hit;
	if ( ttShape_RayCastAt( shape, ttShapeWorldTransform( world, shape ), origin, translation, 1, &hit ) )
	{
		result = ( ttRayResult ){ shapeId, ttMakeBodyId( world, shape->bodyIndex ), hit.point, hit.normal, hit.fraction,
		                          true };
	}
	return result;
}

// ---------------------------------------------------------------------------------------------
// Overlap

typedef struct ttOverlapQuery
{
	ttWorld* world;
	ttAABB box;
	ttQueryFilter filter;
	ttOverlapResultFcn* fcn;
	void* context;
	bool stopped;
} ttOverlapQuery;

static bool ttOverlapTreeCallback( int proxyId, int userData, void* context )
{
	(void)proxyId;
	ttOverlapQuery* query = context;
	const ttShape* shape = ttWorld_Shape( query->world, userData );
	if ( ttShouldQueryShape( shape->filter, query->filter ) == false )
	{
		return true;
	}
	// The leaf is fattened: test the shape's current box.
	ttAABB box = ttShape_ComputeAabb( shape, ttShapeWorldTransform( query->world, shape ) );
	if ( ttAABB_Overlaps( box, query->box ) == false )
	{
		return true;
	}
	query->stopped = query->fcn( ttMakeShapeId( query->world, userData ), query->context ) == false;
	return query->stopped == false;
}

ttResult ttWorld_OverlapAABB( ttWorldId worldId, ttAABB box, ttQueryFilter filter, ttOverlapResultFcn* fcn,
                              void* context )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidVec3( box.lower ) == false || ttIsValidVec3( box.upper ) == false || box.lower.x > box.upper.x ||
	     box.lower.y > box.upper.y || box.lower.z > box.upper.z )
	{
		TT_ERROR( "box must be finite with lower <= upper" );
		return ttResult_invalidArgument;
	}
	if ( fcn == NULL )
	{
		TT_ERROR( "fcn must not be NULL" );
		return ttResult_invalidArgument;
	}
	ttBroadPhase_Sync( world );
	ttOverlapQuery query = { world, box, filter, fcn, context, false };
	ttDynamicTree_Query( &world->broadPhase.tree, box, ttOverlapTreeCallback, &query );
	const ttBroadPhase* bp = &world->broadPhase;
	for ( int i = 0; i < bp->planeCount && query.stopped == false; ++i )
	{
		const ttShape* plane = ttWorld_Shape( world, bp->planes[i] );
		if ( ttShouldQueryShape( plane->filter, filter ) == false )
		{
			continue;
		}
		ttTransform xf = ttShapeWorldTransform( world, plane );
		ttVec3 normal = ttRotate( xf.q, plane->plane.normal );
		ttReal offset = plane->plane.offset + ttDot( normal, xf.p );
		if ( ttAABB_ReachesPlane( box, normal, offset, 0 ) )
		{
			query.stopped = fcn( ttMakeShapeId( world, bp->planes[i] ), context ) == false;
		}
	}
	return ttResult_ok;
}

// ---------------------------------------------------------------------------------------------
// Filters

ttResult ttShape_SetFilter( ttShapeId shapeId, ttFilter filter )
{
	ttWorld* world;
	ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	if ( shape == NULL )
	{
		return ttResult_invalidId;
	}
	// Pairs are filtered every step, so the change takes effect at the next step.
	shape->filter = filter;
	return ttResult_ok;
}

ttFilter ttShape_GetFilter( ttShapeId shapeId )
{
	ttWorld* world;
	ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	return shape != NULL ? shape->filter : ( ttFilter ){ 0, 0, 0 };
}
