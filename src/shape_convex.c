// SPDX-License-Identifier: MIT
// Cylinder and convex hull shapes: creation, read access, mass of the cylinder, and the release
// of a hull's data when its shape goes away.
#include "shape_convex.h"

#include "bounds.h"
#include "core.h"
#include "curve.h"
#include "hull.h"
#include "mesh.h"
#include "world.h"

#include "tether/tether.h"

ttShapeId ttCreateCylinderShape( ttBodyId bodyId, const ttShapeDef* def, const ttCylinder* cylinder )
{
	if ( cylinder == NULL || ttIsBoundedReal( cylinder->halfHeight, TT_MAX_SHAPE_SIZE ) == false ||
	     cylinder->halfHeight < TT_MIN_SHAPE_SIZE || ttIsBoundedReal( cylinder->radius, TT_MAX_SHAPE_SIZE ) == false ||
	     cylinder->radius < TT_MIN_SHAPE_SIZE )
	{
		TT_ERROR(
		    "cylinder halfHeight and radius must be within [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE] (1e-6 to 1e6 m)" );
		return ttNullShapeId;
	}
	ttShape geometry = { .type = ttShape_cylinder, .cylinder = *cylinder };
	return ttCreateShape( __func__, bodyId, def, &geometry );
}

ttShapeId ttCreateHullShape( ttBodyId bodyId, const ttShapeDef* def, const ttVec3* points, int count )
{
	char error[160];
	ttHullData* hull = ttHull_Create( points, count, error, (int)sizeof( error ) );
	if ( hull == NULL )
	{
		TT_ERROR( "%s", error );
		return ttNullShapeId;
	}
	ttShape geometry = { .type = ttShape_hull, .hull = hull };
	ttShapeId id = ttCreateShape( __func__, bodyId, def, &geometry );
	if ( ttShape_IsValid( id ) == false )
	{
		ttHull_Destroy( hull );
	}
	return id;
}

void ttShape_ReleaseData( ttShape* shape )
{
	if ( shape->type == ttShape_hull )
	{
		ttHull_Destroy( shape->hull );
		shape->hull = NULL;
	}
	else if ( ttShape_IsMesh( shape ) )
	{
		ttMesh_Destroy( shape->mesh );
		shape->mesh = NULL;
	}
	else if ( shape->type == ttShape_curve )
	{
		ttCurve_Destroy( shape->curve.samples );
		shape->curve.samples = NULL;
	}
}

ttCylinder ttShape_GetCylinder( ttShapeId shapeId )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	if ( shape == NULL || shape->type != ttShape_cylinder )
	{
		TT_ERROR( "the shape is not a live cylinder" );
		return ( ttCylinder ){ 0, 0 };
	}
	return shape->cylinder;
}

int ttShape_GetHullVertices( ttShapeId shapeId, ttVec3* vertices, int capacity )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	if ( shape == NULL || shape->type != ttShape_hull )
	{
		TT_ERROR( "the shape is not a live hull" );
		return 0;
	}
	if ( capacity < 0 || ( capacity > 0 && vertices == NULL ) )
	{
		TT_ERROR( "vertices must hold capacity >= 0 entries" );
		return 0;
	}
	const ttHullData* hull = shape->hull;
	for ( int i = 0; i < hull->vertexCount && i < capacity; ++i )
	{
		vertices[i] = hull->vertices[i];
	}
	return hull->vertexCount;
}

// Solid cylinder of height L = 2 halfHeight about its axis (y): I_y = m r^2 / 2 and
// I_x = I_z = m (3 r^2 + L^2) / 12.
ttMassData ttComputeCylinderMass( const ttCylinder* cylinder, ttReal density )
{
	ttMassData zero = { 0, TT_VEC3_ZERO, TT_VEC3_ZERO, TT_QUAT_IDENTITY };
	if ( cylinder == NULL || ttIsValidReal( density ) == false || density < 0 )
	{
		TT_ERROR( "cylinder must be non-null and density finite and >= 0" );
		return zero;
	}
	ttReal r = cylinder->radius, length = 2 * cylinder->halfHeight;
	ttReal mass = density * TT_PI * r * r * length;
	ttReal perpendicular = mass * ( 3 * r * r + length * length ) / 12;
	return ( ttMassData ){ mass, TT_VEC3_ZERO, { perpendicular, mass * r * r / 2, perpendicular }, TT_QUAT_IDENTITY };
}

ttMassData ttComputeHullMass( const ttVec3* points, int count, ttReal density )
{
	ttMassData zero = { 0, TT_VEC3_ZERO, TT_VEC3_ZERO, TT_QUAT_IDENTITY };
	if ( ttIsValidReal( density ) == false || density < 0 )
	{
		TT_ERROR( "density must be finite and >= 0" );
		return zero;
	}
	char error[160];
	ttHullData* hull = ttHull_Create( points, count, error, (int)sizeof( error ) );
	if ( hull == NULL )
	{
		TT_ERROR( "%s", error );
		return zero;
	}
	ttMassData md = ttHull_ComputeMass( hull, density );
	ttHull_Destroy( hull );
	return md;
}

ttAABB ttCylinder_ComputeAabb( const ttCylinder* cylinder, ttTransform xf )
{
	ttVec3 a = ttRotate( xf.q, ( ttVec3 ){ 0, 1, 0 } );
	ttReal h = cylinder->halfHeight, r = cylinder->radius;
	ttVec3 extent = { h * ttAbs( a.x ) + r * ttSqrt( ttMaxReal( 0, 1 - a.x * a.x ) ),
	                  h * ttAbs( a.y ) + r * ttSqrt( ttMaxReal( 0, 1 - a.y * a.y ) ),
	                  h * ttAbs( a.z ) + r * ttSqrt( ttMaxReal( 0, 1 - a.z * a.z ) ) };
	return ( ttAABB ){ ttSub( xf.p, extent ), ttAdd( xf.p, extent ) };
}
