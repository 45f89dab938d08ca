// SPDX-License-Identifier: MIT
// Read access to shapes, bodies' shape lists and the world's object lists, for tools and viewers.
#include "core.h"
#include "world.h"

#include "tether/tether.h"

static const ttShape* ttResolveShapeOfType( const char* function, ttShapeId shapeId, ttShapeType type )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( function, shapeId, &world );
	if ( shape != NULL && shape->type != type )
	{
		ttReportError( function, "the shape has another type" );
		return NULL;
	}
	return shape;
}

ttTransform ttShape_GetLocalTransform( ttShapeId shapeId )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	return shape != NULL ? shape->localTransform : TT_TRANSFORM_IDENTITY;
}

ttSphere ttShape_GetSphere( ttShapeId shapeId )
{
	const ttShape* shape = ttResolveShapeOfType( __func__, shapeId, ttShape_sphere );
	return shape != NULL ? shape->sphere : ( ttSphere ){ 0 };
}

ttCapsule ttShape_GetCapsule( ttShapeId shapeId )
{
	const ttShape* shape = ttResolveShapeOfType( __func__, shapeId, ttShape_capsule );
	return shape != NULL ? shape->capsule : ( ttCapsule ){ { 0, 0, 0 }, { 0, 0, 0 }, 0 };
}

ttBox ttShape_GetBox( ttShapeId shapeId )
{
	const ttShape* shape = ttResolveShapeOfType( __func__, shapeId, ttShape_box );
	return shape != NULL ? shape->box : ( ttBox ){ { 0, 0, 0 } };
}

ttPlane ttShape_GetPlane( ttShapeId shapeId )
{
	const ttShape* shape = ttResolveShapeOfType( __func__, shapeId, ttShape_plane );
	return shape != NULL ? shape->plane : ( ttPlane ){ { 0, 0, 0 }, 0 };
}

ttAABB ttShape_GetAABB( ttShapeId shapeId )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	if ( shape == NULL )
	{
		return ( ttAABB ){ { 0, 0, 0 }, { 0, 0, 0 } };
	}
	return ttShape_ComputeAabb( shape, ttShape_UserWorldTransform( ttWorld_Body( world, shape->bodyIndex ), shape ) );
}

ttReal ttShape_GetStaticFriction( ttShapeId shapeId )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	return shape != NULL ? shape->staticFriction : 0;
}

ttReal ttShape_GetDynamicFriction( ttShapeId shapeId )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	return shape != NULL ? shape->dynamicFriction : 0;
}

ttReal ttShape_GetRestitution( ttShapeId shapeId )
{
	ttWorld* world;
	const ttShape* shape = ttResolveShape( __func__, shapeId, &world );
	return shape != NULL ? shape->restitution : 0;
}

int ttBody_GetShapeCount( ttBodyId bodyId )
{
	ttWorld* world;
	const ttBody* body = ttResolveBody( __func__, bodyId, &world );
	int count = 0;
	for ( int s = body != NULL ? body->shapeHead : -1; s >= 0; s = ttWorld_Shape( world, s )->nextShape )
	{
		count += 1;
	}
	return count;
}

int ttBody_GetShapes( ttBodyId bodyId, ttShapeId* shapes, int capacity )
{
	ttWorld* world;
	const ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return 0;
	}
	if ( shapes == NULL || capacity < 0 )
	{
		TT_ERROR( "shapes must not be NULL and capacity must be >= 0" );
		return 0;
	}
	int count = 0;
	for ( int s = body->shapeHead; s >= 0 && count < capacity; s = ttWorld_Shape( world, s )->nextShape )
	{
		shapes[count++] = ttMakeShapeId( world, s );
	}
	return count;
}

int ttWorld_GetBodies( ttWorldId worldId, ttBodyId* bodies, int capacity )
{
	ttWorld* world = ttGetWorld( worldId );
	if ( world == NULL || bodies == NULL || capacity < 0 )
	{
		TT_ERROR( "invalid world id, NULL array or negative capacity" );
		return 0;
	}
	int count = 0;
	for ( int i = 0; i < world->bodies.count && count < capacity; ++i )
	{
		if ( world->bodies.used[i] && i != world->groundBody )
		{
			bodies[count++] = ttMakeBodyId( world, i );
		}
	}
	return count;
}

int ttWorld_GetJoints( ttWorldId worldId, ttJointId* joints, int capacity )
{
	ttWorld* world = ttGetWorld( worldId );
	if ( world == NULL || joints == NULL || capacity < 0 )
	{
		TT_ERROR( "invalid world id, NULL array or negative capacity" );
		return 0;
	}
	int count = 0;
	for ( int i = 0; i < world->joints.count && count < capacity; ++i )
	{
		if ( world->joints.used[i] )
		{
			joints[count++] = ttMakeJointId( world, i );
		}
	}
	return count;
}
