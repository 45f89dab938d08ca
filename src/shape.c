// SPDX-License-Identifier: MIT
// Shapes: creation on a body, materials, destruction.
#include "bounds.h"
#include "core.h"
#include "island.h"
#include "world.h"

#include "tether/tether.h"

#include <float.h>

#define TT_DEF_COOKIE 0x7e7e7e

ttShapeDef ttDefaultShapeDef( void )
{
	ttShapeDef def = { 0 };
	def.localRotation = TT_QUAT_IDENTITY;
	def.density = 1000;
	def.staticFriction = (ttReal)0.6;
	def.dynamicFriction = (ttReal)0.6;
	def.restitution = 0;
	def.filter = ( ttFilter ){ 1, UINT64_MAX, 0 };
	def.internalValue = TT_DEF_COOKIE;
	return def;
}

static bool ttCheckShapeDef( const char* function, const ttShapeDef* def )
{
	if ( def == NULL || def->internalValue != TT_DEF_COOKIE )
	{
		ttReportError( function, "def is NULL or was not initialised with ttDefaultShapeDef" );
		return false;
	}
	if ( ttIsBoundedVec3( def->localPosition, TT_MAX_POSITION ) == false ||
	     ttIsValidQuat( def->localRotation ) == false )
	{
		ttReportError( function, "localPosition must be finite and within +-TT_MAX_POSITION (1e12 m), localRotation "
		                         "a unit quaternion" );
		return false;
	}
	if ( ttIsValidReal( def->density ) == false ||
	     ( def->density != 0 && ( def->density < TT_MIN_DENSITY || def->density > TT_MAX_DENSITY ) ) )
	{
		ttReportError( function,
		               "density must be 0 or within [TT_MIN_DENSITY, TT_MAX_DENSITY] (1e-6 to 1e6 kg/m^3), got %g",
		               (double)def->density );
		return false;
	}
	if ( ttIsValidReal( def->staticFriction ) == false || def->staticFriction < 0 ||
	     ttIsValidReal( def->dynamicFriction ) == false || def->dynamicFriction < 0 )
	{
		ttReportError( function, "friction coefficients must be finite and >= 0" );
		return false;
	}
	if ( ttIsValidReal( def->restitution ) == false || def->restitution < 0 || def->restitution > 1 )
	{
		ttReportError( function, "restitution must be in [0, 1], got %g", (double)def->restitution );
		return false;
	}
	return true;
}

// A radius, half extent or half height.
static bool ttIsSize( ttReal value )
{
	return ttIsValidReal( value ) && value >= TT_MIN_SHAPE_SIZE && value <= TT_MAX_SHAPE_SIZE;
}

ttShapeId ttCreateShape( const char* function, ttBodyId bodyId, const ttShapeDef* def, const ttShape* geometry )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( function, bodyId, &world );
	if ( body == NULL || ttCheckShapeDef( function, def ) == false )
	{
		return ttNullShapeId;
	}
	if ( geometry->type == ttShape_plane && body->type != ttBody_static )
	{
		ttReportError( function, "planes are infinite and allowed on static bodies only" );
		return ttNullShapeId;
	}
	int index = ttPool_Alloc( &world->shapes );
	if ( index < 0 )
	{
		ttReportError( function, "out of memory" );
		return ttNullShapeId;
	}
	// The pool may have moved: look the body up again.
	body = ttWorld_Body( world, bodyId.index1 - 1 );
	ttShape* shape = ttWorld_Shape( world, index );
	*shape = *geometry;
	shape->bodyIndex = bodyId.index1 - 1;
	shape->localTransform = ( ttTransform ){ def->localPosition, ttQuatNormalize( def->localRotation ) };
	shape->density = def->density;
	shape->staticFriction = def->staticFriction;
	shape->dynamicFriction = def->dynamicFriction;
	shape->restitution = def->restitution;
	shape->userData = def->userData;
	shape->filter = def->filter;
	if ( ttBroadPhase_CreateProxy( world, index ) == false )
	{
		// The caller still owns the geometry's data (hull) and frees it on failure.
		ttPool_Free( &world->shapes, index );
		ttReportError( function, "out of memory" );
		return ttNullShapeId;
	}
	shape->nextShape = body->shapeHead;
	body->shapeHead = index;
	ttBody_UpdateMass( world, shape->bodyIndex );
	world->pairCount = 0;
	return ttMakeShapeId( world, index );
}

ttShapeId ttCreateSphereShape( ttBodyId bodyId, const ttShapeDef* def, const ttSphere* sphere )
{
	if ( sphere == NULL || ttIsSize( sphere->radius ) == false )
	{
		TT_ERROR( "sphere radius must be within [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE] (1e-6 to 1e6 m)" );
		return ttNullShapeId;
	}
	ttShape geometry = { .type = ttShape_sphere, .sphere = *sphere };
	return ttCreateShape( __func__, bodyId, def, &geometry );
}

ttShapeId ttCreateCapsuleShape( ttBodyId bodyId, const ttShapeDef* def, const ttCapsule* capsule )
{
	if ( capsule == NULL || ttIsSize( capsule->radius ) == false ||
	     ttIsBoundedVec3( capsule->center1, TT_MAX_SHAPE_SIZE ) == false ||
	     ttIsBoundedVec3( capsule->center2, TT_MAX_SHAPE_SIZE ) == false )
	{
		TT_ERROR( "capsule radius must be within [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE] (1e-6 to 1e6 m) and its "
		          "centers finite and within +-TT_MAX_SHAPE_SIZE" );
		return ttNullShapeId;
	}
	ttShape geometry = { .type = ttShape_capsule, .capsule = *capsule };
	return ttCreateShape( __func__, bodyId, def, &geometry );
}

ttShapeId ttCreateBoxShape( ttBodyId bodyId, const ttShapeDef* def, const ttBox* box )
{
	if ( box == NULL || ttIsSize( box->halfExtents.x ) == false || ttIsSize( box->halfExtents.y ) == false ||
	     ttIsSize( box->halfExtents.z ) == false )
	{
		TT_ERROR( "box half extents must be within [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE] (1e-6 to 1e6 m)" );
		return ttNullShapeId;
	}
	ttShape geometry = { .type = ttShape_box, .box = *box };
	return ttCreateShape( __func__, bodyId, def, &geometry );
}

ttShapeId ttCreatePlaneShape( ttBodyId bodyId, const ttShapeDef* def, const ttPlane* plane )
{
	if ( plane == NULL || ttIsBoundedVec3( plane->normal, TT_MAX_POSITION ) == false ||
	     ttIsValidReal( plane->offset ) == false || ttLength( plane->normal ) < (ttReal)1e-6 ||
	     ttAbs( plane->offset ) > TT_MAX_POSITION * ttLength( plane->normal ) )
	{
		TT_ERROR( "plane normal must be finite and non-zero and its offset within +-TT_MAX_POSITION (1e12 m)" );
		return ttNullShapeId;
	}
	// A normal that is unit to rounding is kept as given, so that a saved plane (the library's own
	// unit normal) loads back bit for bit: dividing by a length of 1 - ulp would move it.
	ttReal length = ttLength( plane->normal );
	if ( ttAbs( length - 1 ) <= 4 * ( TT_REAL_IS_FLOAT ? (ttReal)FLT_EPSILON : (ttReal)DBL_EPSILON ) )
	{
		length = 1;
	}
	ttShape geometry = { .type = ttShape_plane };
	geometry.plane.normal = ttScale( 1 / length, plane->normal );
	geometry.plane.offset = plane->offset / length;
	return ttCreateShape( __func__, bodyId, def, &geometry );
}

void ttDestroyShape( ttShapeId shapeId )
{
	ttWorld* world;
	ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	if ( shape == NULL )
	{
		return;
	}
	int index = shapeId.index1 - 1;
	ttBody* body = ttWorld_Body( world, shape->bodyIndex );
	int* link = &body->shapeHead;
	while ( *link != index )
	{
		link = &ttWorld_Shape( world, *link )->nextShape;
	}
	*link = shape->nextShape;
	int bodyIndex = shape->bodyIndex;
	// What rested on the shape loses its support (before the manifolds are dropped below).
	ttIsland_WakeNeighbours( world, bodyIndex );
	ttBroadPhase_DestroyProxy( world, index );
	ttShape_ReleaseData( shape );
	ttPool_Free( &world->shapes, index );
	world->pairCount = 0;
	world->manifoldCount = 0;
	world->previousManifoldCount = 0;
	ttBody_UpdateMass( world, bodyIndex );
}

bool ttShape_IsValid( ttShapeId shapeId )
{
	ttWorld* world = ttGetWorldByIndex( shapeId.world0 );
	return world != NULL && ttPool_IsLive( &world->shapes, shapeId.index1 - 1, shapeId.generation );
}

ttShapeType ttShape_GetType( ttShapeId shapeId )
{
	ttWorld* world;
	ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	return shape != NULL ? shape->type : ttShape_count;
}

ttBodyId ttShape_GetBody( ttShapeId shapeId )
{
	ttWorld* world;
	ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	return shape != NULL ? ttMakeBodyId( world, shape->bodyIndex ) : ttNullBodyId;
}

ttResult ttShape_SetFriction( ttShapeId shapeId, ttReal staticFriction, ttReal dynamicFriction )
{
	ttWorld* world;
	ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	if ( shape == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( staticFriction ) == false || staticFriction < 0 || ttIsValidReal( dynamicFriction ) == false ||
	     dynamicFriction < 0 )
	{
		TT_ERROR( "friction coefficients must be finite and >= 0" );
		return ttResult_invalidArgument;
	}
	shape->staticFriction = staticFriction;
	shape->dynamicFriction = dynamicFriction;
	ttIsland_WakeBody( world, shape->bodyIndex ); // a box resting on a slope may slide now
	return ttResult_ok;
}

ttResult ttShape_SetRestitution( ttShapeId shapeId, ttReal restitution )
{
	ttWorld* world;
	ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	if ( shape == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( restitution ) == false || restitution < 0 || restitution > 1 )
	{
		TT_ERROR( "restitution must be in [0, 1]" );
		return ttResult_invalidArgument;
	}
	shape->restitution = restitution;
	ttIsland_WakeBody( world, shape->bodyIndex );
	return ttResult_ok;
}
