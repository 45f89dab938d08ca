// SPDX-License-Identifier: MIT
// Curve shapes: creation, bounds and readouts. A curve shape is static scenery (a wire, a rail, a
// track): it has no volume of its own to give a body mass, so only static bodies take one.
#include "bounds.h"
#include "collide_curve.h"
#include "core.h"
#include "curve.h"
#include "world.h"

#include "tether/tether.h"

#define TT_CURVE_COOKIE 0x63757276

ttCurveDef ttDefaultCurveDef( void )
{
	ttCurveDef def = { 0 };
	def.radius = (ttReal)0.01;
	def.internalValue = TT_CURVE_COOKIE;
	return def;
}

ttShapeId ttCreateCurveShape( ttBodyId bodyId, const ttShapeDef* def, const ttCurveDef* curveDef )
{
	ttWorld* world;
	const ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttNullShapeId;
	}
	if ( body->type != ttBody_static )
	{
		TT_ERROR( "bodyId: curve shapes are static scenery and allowed on static bodies only" );
		return ttNullShapeId;
	}
	if ( curveDef == NULL || curveDef->internalValue != TT_CURVE_COOKIE )
	{
		TT_ERROR( "curve is NULL or was not initialised with ttDefaultCurveDef" );
		return ttNullShapeId;
	}
	if ( ttIsValidReal( curveDef->radius ) == false || curveDef->radius < TT_MIN_SHAPE_SIZE ||
	     curveDef->radius > TT_MAX_SHAPE_SIZE )
	{
		TT_ERROR( "curve radius must be within [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE] (1e-6 to 1e6 m)" );
		return ttNullShapeId;
	}
	const char* problem = ttCurve_CheckPoints( curveDef->points, curveDef->pointCount, curveDef->closed );
	if ( problem != NULL )
	{
		TT_ERROR( "curve: %s", problem );
		return ttNullShapeId;
	}
	for ( int i = 0; i < curveDef->pointCount; ++i )
	{
		if ( ttIsBoundedVec3( curveDef->points[i], TT_MAX_POSITION ) == false )
		{
			TT_ERROR( "curve.points[%d] is beyond +-TT_MAX_POSITION (1e12 m)", i );
			return ttNullShapeId;
		}
	}
	ttCurve* samples = ttCurve_Create( curveDef->points, curveDef->pointCount, curveDef->closed, curveDef->smooth,
	                                   ( ttTransform ){ TT_VEC3_ZERO, TT_QUAT_IDENTITY } );
	if ( samples == NULL )
	{
		TT_ERROR( "out of memory" );
		return ttNullShapeId;
	}
	ttReal extent = 0;
	for ( int i = 0; i < samples->count; ++i )
	{
		extent = ttMaxReal( extent, ttLength( samples->points[i] ) );
	}
	ttShape geometry = { .type = ttShape_curve };
	geometry.curve = ( ttCurveShape ){ samples, curveDef->radius, extent + curveDef->radius };
	ttShapeId id = ttCreateShape( __func__, bodyId, def, &geometry );
	if ( ttShape_IsValid( id ) == false )
	{
		ttCurve_Destroy( samples );
	}
	return id;
}

void ttCurveShape_Segment( const ttShape* curve, int index, ttShape* capsule )
{
	const ttCurve* samples = curve->curve.samples;
	*capsule = ( ttShape ){ .type = ttShape_capsule, .bodyIndex = curve->bodyIndex, .proxyId = -1 };
	capsule->capsule = ( ttCapsule ){ samples->points[index], samples->points[index + 1], curve->curve.radius };
}

ttAABB ttCurveShape_ComputeAabb( const ttShape* curve, ttTransform xf )
{
	ttAABB box = ttCurve_Bounds( curve->curve.samples, xf );
	ttVec3 r = { curve->curve.radius, curve->curve.radius, curve->curve.radius };
	return ( ttAABB ){ ttSub( box.lower, r ), ttAdd( box.upper, r ) };
}

static const ttShape* ttResolveCurveShape( const char* function, ttShapeId shapeId )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( function, shapeId, &world );
	if ( shape != NULL && shape->type != ttShape_curve )
	{
		ttReportError( function, "shapeId: the shape is not a curve" );
		return NULL;
	}
	return shape;
}

int ttShape_GetCurvePoints( ttShapeId shapeId, ttVec3* points, int capacity )
{
	const ttShape* shape = ttResolveCurveShape( __func__, shapeId );
	if ( shape == NULL )
	{
		return 0;
	}
	if ( capacity < 0 || ( capacity > 0 && points == NULL ) )
	{
		TT_ERROR( "points must hold capacity entries, capacity >= 0" );
		return 0;
	}
	const ttCurve* samples = shape->curve.samples;
	for ( int i = 0; i < samples->count && i < capacity; ++i )
	{
		points[i] = samples->points[i];
	}
	return samples->count;
}

ttReal ttShape_GetCurveRadius( ttShapeId shapeId )
{
	const ttShape* shape = ttResolveCurveShape( __func__, shapeId );
	return shape != NULL ? shape->curve.radius : 0;
}
