// SPDX-License-Identifier: MIT
// Scene queries against the broadphase: ray casts (closest hit and all hits) and box overlap.
// The tree culls with its fattened leaves (brought up to date first, see ttBroadPhase_Sync); each
// candidate is then tested exactly against the shape's current pose. Planes are not in the tree
// and are tested one by one. Shape casts, shape overlap and closest point walk the tree here too;
// their exact per-shape tests (GJK based) are in shape_cast.c.
#include "core.h"
#include "island.h"
#include "shape_cast.h"
#include "shape_raycast.h"
#include "world.h"

#include "tether/tether.h"

#include <math.h>
#include <string.h>

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
// Shape casts, shape overlap and closest point

// A stack for the tree walks below: the tree is AVL balanced, so its height (the most a
// depth-first walk holds at once, plus one per level) stays small; the heap is a fallback only.
#define TT_QUERY_STACK_INLINE 256

typedef struct ttQueryStack
{
	int* data;
	int count, capacity;
	int inlineData[TT_QUERY_STACK_INLINE];
} ttQueryStack;

static void ttQueryStack_Init( ttQueryStack* stack, int root )
{
	stack->data = stack->inlineData;
	stack->capacity = TT_QUERY_STACK_INLINE;
	stack->count = 0;
	if ( root != TT_NULL_NODE )
	{
		stack->data[stack->count++] = root;
	}
}

static bool ttQueryStack_Push( ttQueryStack* stack, int node )
{
	if ( stack->count == stack->capacity )
	{
		int capacity = 2 * stack->capacity;
		int* data = ttAlloc( (size_t)capacity * sizeof( int ) );
		if ( data == NULL )
		{
			TT_ERROR( "out of memory for the tree walk" );
			return false;
		}
		memcpy( data, stack->data, (size_t)stack->count * sizeof( int ) );
		if ( stack->data != stack->inlineData )
		{
			ttFree( stack->data );
		}
		stack->data = data;
		stack->capacity = capacity;
	}
	stack->data[stack->count++] = node;
	return true;
}

static void ttQueryStack_Free( ttQueryStack* stack )
{
	if ( stack->data != stack->inlineData )
	{
		ttFree( stack->data );
	}
}

static bool ttCheckTransform( const char* function, ttTransform xf )
{
	if ( ttIsValidVec3( xf.p ) == false || ttIsValidQuat( xf.q ) == false )
	{
		ttReportError( function, "transform must be finite with a unit quaternion" );
		return false;
	}
	return true;
}

typedef struct ttShapeCastQuery
{
	ttWorld* world;
	const ttQueryProxy* query;
	ttVec3 translation;
	ttQueryFilter filter;
	ttCastResultFcn* fcn;
	void* context;
	ttReal maxFraction; ///< as clipped by the user's callback
	bool stopped;
} ttShapeCastQuery;

static void ttShapeCastQueryShape( ttShapeCastQuery* cast, int shapeIndex )
{
	ttWorld* world = cast->world;
	const ttShape* shape = ttWorld_Shape( world, shapeIndex );
	if ( ttShouldQueryShape( shape->filter, cast->filter ) == false )
	{
		return;
	}
	ttRayHit hit;
	if ( ttShape_CastQueryAt( shape, ttShapeWorldTransform( world, shape ), cast->query, cast->translation,
	                          cast->maxFraction, &hit ) == false )
	{
		return;
	}
	ttReal value = cast->fcn( ttMakeShapeId( world, shapeIndex ), hit.point, hit.normal, hit.fraction, cast->context );
	if ( value == 0 )
	{
		cast->stopped = true;
	}
	else if ( 0 < value && value < cast->maxFraction )
	{
		cast->maxFraction = value;
	}
}

// The tree walk of a box cast: a leaf can be hit only if the segment swept by the query box's
// centre meets the leaf's box grown by the query box's half size (and the tolerance).
static void ttCastShapeInWorld( ttWorld* world, ttShapeCastQuery* cast )
{
	ttBroadPhase_Sync( world );
	ttAABB box = ttQueryProxy_ComputeAabb( cast->query );
	ttVec3 center = ttScale( (ttReal)0.5, ttAdd( box.lower, box.upper ) );
	ttVec3 half = ttAdd( ttScale( (ttReal)0.5, ttSub( box.upper, box.lower ) ),
	                     ( ttVec3 ){ TT_CAST_TOLERANCE, TT_CAST_TOLERANCE, TT_CAST_TOLERANCE } );
	const ttDynamicTree* tree = &world->broadPhase.tree;
	ttQueryStack stack;
	ttQueryStack_Init( &stack, tree->root );
	while ( stack.count > 0 && cast->stopped == false )
	{
		const ttTreeNode* node = tree->nodes + stack.data[--stack.count];
		ttAABB grown = { ttSub( node->box.lower, half ), ttAdd( node->box.upper, half ) };
		if ( ttAABB_SegmentOverlaps( grown, center, cast->translation, cast->maxFraction ) == false )
		{
			continue;
		}
		if ( node->height == 0 )
		{
			ttShapeCastQueryShape( cast, node->userData );
		}
		else if ( ttQueryStack_Push( &stack, node->child1 ) == false ||
		          ttQueryStack_Push( &stack, node->child2 ) == false )
		{
			break;
		}
	}
	ttQueryStack_Free( &stack );
	const ttBroadPhase* bp = &world->broadPhase;
	for ( int i = 0; i < bp->planeCount && cast->stopped == false; ++i )
	{
		ttShapeCastQueryShape( cast, bp->planes[i] );
	}
}

static bool ttCheckShapeCast( const char* function, const ttQueryShape* shape, ttTransform start, ttVec3 translation )
{
	if ( ttQueryShape_Validate( function, shape ) == false || ttCheckTransform( function, start ) == false )
	{
		return false;
	}
	if ( ttIsValidVec3( translation ) == false )
	{
		ttReportError( function, "translation must be finite" );
		return false;
	}
	return true;
}

ttResult ttWorld_CastShape( ttWorldId worldId, const ttQueryShape* shape, ttTransform start, ttVec3 translation,
                            ttQueryFilter filter, ttCastResultFcn* fcn, void* context )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttCheckShapeCast( __func__, shape, start, translation ) == false )
	{
		return ttResult_invalidArgument;
	}
	if ( fcn == NULL )
	{
		TT_ERROR( "fcn must not be NULL" );
		return ttResult_invalidArgument;
	}
	ttQueryProxy query;
	ttQueryProxy_Make( &query, shape, start );
	ttShapeCastQuery cast = { world, &query, translation, filter, fcn, context, 1, false };
	ttCastShapeInWorld( world, &cast );
	return ttResult_ok;
}

ttRayResult ttWorld_CastShapeClosest( ttWorldId worldId, const ttQueryShape* shape, ttTransform start,
                                      ttVec3 translation, ttQueryFilter filter )
{
	ttRayResult result = { 0 };
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL || ttCheckShapeCast( __func__, shape, start, translation ) == false )
	{
		return result;
	}
	ttQueryProxy query;
	ttQueryProxy_Make( &query, shape, start );
	ttShapeCastQuery cast = { world, &query, translation, filter, ttClosestCallback, &result, 1, false };
	ttCastShapeInWorld( world, &cast );
	if ( result.hit )
	{
		const ttShape* hitShape = ttWorld_Shape( world, result.shapeId.index1 - 1 );
		result.bodyId = ttMakeBodyId( world, hitShape->bodyIndex );
	}
	return result;
}

typedef struct ttShapeOverlapQuery
{
	ttWorld* world;
	const ttQueryProxy* query;
	ttQueryFilter filter;
	ttOverlapResultFcn* fcn;
	void* context;
	bool stopped;
} ttShapeOverlapQuery;

static bool ttShapeOverlapQueryShape( ttShapeOverlapQuery* overlap, int shapeIndex )
{
	const ttShape* shape = ttWorld_Shape( overlap->world, shapeIndex );
	if ( ttShouldQueryShape( shape->filter, overlap->filter ) &&
	     ttShape_OverlapsQueryAt( shape, ttShapeWorldTransform( overlap->world, shape ), overlap->query ) )
	{
		overlap->stopped = overlap->fcn( ttMakeShapeId( overlap->world, shapeIndex ), overlap->context ) == false;
	}
	return overlap->stopped == false;
}

static bool ttShapeOverlapTreeCallback( int proxyId, int userData, void* context )
{
	(void)proxyId;
	return ttShapeOverlapQueryShape( context, userData );
}

ttResult ttWorld_OverlapShape( ttWorldId worldId, const ttQueryShape* shape, ttTransform transform,
                               ttQueryFilter filter, ttOverlapResultFcn* fcn, void* context )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttQueryShape_Validate( __func__, shape ) == false || ttCheckTransform( __func__, transform ) == false )
	{
		return ttResult_invalidArgument;
	}
	if ( fcn == NULL )
	{
		TT_ERROR( "fcn must not be NULL" );
		return ttResult_invalidArgument;
	}
	ttBroadPhase_Sync( world );
	ttQueryProxy query;
	ttQueryProxy_Make( &query, shape, transform );
	ttShapeOverlapQuery overlap = { world, &query, filter, fcn, context, false };
	ttDynamicTree_Query( &world->broadPhase.tree, ttQueryProxy_ComputeAabb( &query ), ttShapeOverlapTreeCallback,
	                     &overlap );
	const ttBroadPhase* bp = &world->broadPhase;
	for ( int i = 0; i < bp->planeCount && overlap.stopped == false; ++i )
	{
		ttShapeOverlapQueryShape( &overlap, bp->planes[i] );
	}
	return ttResult_ok;
}

typedef struct ttClosestPointQuery
{
	ttWorld* world;
	ttVec3 point;
	ttQueryFilter filter;
	ttReal bound; ///< nothing farther can win: maxDistance, then the best distance so far
	int best;     ///< shape index, -1 while none
	ttVec3 bestPoint;
} ttClosestPointQuery;

static void ttClosestPointQueryShape( ttClosestPointQuery* closest, int shapeIndex )
{
	const ttShape* shape = ttWorld_Shape( closest->world, shapeIndex );
	if ( ttShouldQueryShape( shape->filter, closest->filter ) == false )
	{
		return;
	}
	ttVec3 point;
	ttReal distance =
	    ttShape_ClosestPointAt( shape, ttShapeWorldTransform( closest->world, shape ), closest->point, &point );
	// Strictly nearer replaces, so ties keep the first found (deterministic).
	if ( distance < closest->bound || ( closest->best < 0 && distance <= closest->bound ) )
	{
		closest->bound = distance;
		closest->best = shapeIndex;
		closest->bestPoint = point;
	}
}

ttClosestPointResult ttWorld_ClosestPoint( ttWorldId worldId, ttVec3 point, ttReal maxDistance, ttQueryFilter filter )
{
	ttClosestPointResult result = { 0 };
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return result;
	}
	if ( ttIsValidVec3( point ) == false )
	{
		TT_ERROR( "point must be finite" );
		return result;
	}
	if ( isnan( maxDistance ) || maxDistance < 0 )
	{
		TT_ERROR( "maxDistance must be >= 0 (it may be infinite)" );
		return result;
	}
	ttBroadPhase_Sync( world );
	ttClosestPointQuery closest = { world, point, filter, maxDistance, -1, TT_VEC3_ZERO };
	// Planes first: the ground often gives a tight bound that prunes most of the tree.
	const ttBroadPhase* bp = &world->broadPhase;
	for ( int i = 0; i < bp->planeCount; ++i )
	{
		ttClosestPointQueryShape( &closest, bp->planes[i] );
	}
	// Depth first, nearer child first, skipping boxes farther than the best distance so far; a
	// distance of 0 (inside a shape) cannot be beaten.
	const ttDynamicTree* tree = &world->broadPhase.tree;
	ttQueryStack stack;
	ttQueryStack_Init( &stack, tree->root );
	while ( stack.count > 0 && !( closest.best >= 0 && closest.bound == 0 ) )
	{
		const ttTreeNode* node = tree->nodes + stack.data[--stack.count];
		if ( ttAABB_Distance( node->box, point ) > closest.bound )
		{
			continue;
		}
		if ( node->height == 0 )
		{
			ttClosestPointQueryShape( &closest, node->userData );
			continue;
		}
		int nearer = node->child1, farther = node->child2;
		if ( ttAABB_Distance( tree->nodes[farther].box, point ) < ttAABB_Distance( tree->nodes[nearer].box, point ) )
		{
			nearer = node->child2;
			farther = node->child1;
		}
		if ( ttQueryStack_Push( &stack, farther ) == false || ttQueryStack_Push( &stack, nearer ) == false )
		{
			break;
		}
	}
	ttQueryStack_Free( &stack );
	if ( closest.best >= 0 )
	{
		const ttShape* shape = ttWorld_Shape( world, closest.best );
		result =
		    ( ttClosestPointResult ){ ttMakeShapeId( world, closest.best ), ttMakeBodyId( world, shape->bodyIndex ),
		                              closest.bestPoint, closest.bound, true };
	}
	return result;
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
	// Pairs are filtered every step, so the change takes effect at the next step. What rested on
	// the shape may fall through it now.
	shape->filter = filter;
	ttIsland_WakeNeighbours( world, shape->bodyIndex );
	return ttResult_ok;
}

ttFilter ttShape_GetFilter( ttShapeId shapeId )
{
	ttWorld* world;
	ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	return shape != NULL ? shape->filter : ( ttFilter ){ 0, 0, 0 };
}
