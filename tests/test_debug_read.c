// SPDX-License-Identifier: MIT
// Debug reads used by the viewer's limit and broadphase drawing: the joint limit accessors return
// what the defs and setters gave, and the broadphase tree read back encloses every bounded shape
// with one leaf each, parents enclosing children, depths consistent with a binary tree.
#include "test_macros.h"

#include "tether/tether.h"

#include <stdlib.h>

static bool Contains( ttAABB outer, ttAABB inner )
{
	return outer.lower.x <= inner.lower.x && outer.lower.y <= inner.lower.y && outer.lower.z <= inner.lower.z &&
	       inner.upper.x <= outer.upper.x && inner.upper.y <= outer.upper.y && inner.upper.z <= outer.upper.z;
}

static ttBodyId AddBody( ttWorldId world, ttVec3 position )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	return ttCreateBody( world, &def );
}

static void CheckJointLimits( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttBodyId a = AddBody( world, ( ttVec3 ){ 0, 1, 0 } );
	ttBodyId b = AddBody( world, ( ttVec3 ){ 1, 1, 0 } );
	ttCreateBoxShape( a, &shapeDef, &( ttBox ){ { 0.1f, 0.1f, 0.1f } } );
	ttCreateBoxShape( b, &shapeDef, &( ttBox ){ { 0.1f, 0.1f, 0.1f } } );

	ttHingeJointDef hingeDef = ttDefaultHingeJointDef();
	hingeDef.base.bodyA = a;
	hingeDef.base.bodyB = b;
	hingeDef.enableLimit = true;
	hingeDef.lowerAngle = -0.5f;
	hingeDef.upperAngle = 1.0f;
	ttJointId hinge = ttCreateHingeJoint( world, &hingeDef );
	bool enabled = false;
	ttReal lower = 0, upper = 0;
	ENSURE( ttHingeJoint_GetLimits( hinge, &enabled, &lower, &upper ) == ttResult_ok );
	ENSURE( enabled );
	ENSURE_NEAR( lower, -0.5f, 0 );
	ENSURE_NEAR( upper, 1.0f, 0 );
	ENSURE( ttHingeJoint_SetLimits( hinge, false, -0.25f, 0.75f ) == ttResult_ok );
	ENSURE( ttHingeJoint_GetLimits( hinge, &enabled, &lower, &upper ) == ttResult_ok );
	ENSURE( enabled == false );
	ENSURE_NEAR( lower, -0.25f, 0 );
	ENSURE_NEAR( upper, 0.75f, 0 );
	// Every output may be left out.
	ENSURE( ttHingeJoint_GetLimits( hinge, NULL, NULL, &upper ) == ttResult_ok );
	ENSURE_NEAR( upper, 0.75f, 0 );

	// A hinge without limits reports the defaults: off, [-pi, pi].
	ttHingeJointDef freeDef = ttDefaultHingeJointDef();
	freeDef.base.bodyB = a;
	ttJointId freeHinge = ttCreateHingeJoint( world, &freeDef );
	ENSURE( ttHingeJoint_GetLimits( freeHinge, &enabled, &lower, &upper ) == ttResult_ok );
	ENSURE( enabled == false );
	ENSURE_NEAR( lower, -TT_PI, 0 );
	ENSURE_NEAR( upper, TT_PI, 0 );

	ttSphericalJointDef sphericalDef = ttDefaultSphericalJointDef();
	sphericalDef.base.bodyA = a;
	sphericalDef.base.bodyB = b;
	sphericalDef.enableSwingLimit = true;
	sphericalDef.maxSwingAngle = 0.7f;
	sphericalDef.enableTwistLimit = true;
	sphericalDef.lowerTwistAngle = -0.3f;
	sphericalDef.upperTwistAngle = 0.4f;
	ttJointId spherical = ttCreateSphericalJoint( world, &sphericalDef );
	bool swingEnabled = false, twistEnabled = false;
	ttReal maxSwing = 0, lowerTwist = 0, upperTwist = 0;
	ENSURE( ttSphericalJoint_GetLimits( spherical, &swingEnabled, &maxSwing, &twistEnabled, &lowerTwist,
	                                    &upperTwist ) == ttResult_ok );
	ENSURE( swingEnabled && twistEnabled );
	ENSURE_NEAR( maxSwing, 0.7f, 0 );
	ENSURE_NEAR( lowerTwist, -0.3f, 0 );
	ENSURE_NEAR( upperTwist, 0.4f, 0 );

	ttPrismaticJointDef prismaticDef = ttDefaultPrismaticJointDef();
	prismaticDef.base.bodyA = a;
	prismaticDef.base.bodyB = b;
	prismaticDef.enableLimit = true;
	prismaticDef.lowerTranslation = -0.2f;
	prismaticDef.upperTranslation = 0.5f;
	ttJointId prismatic = ttCreatePrismaticJoint( world, &prismaticDef );
	ENSURE( ttPrismaticJoint_GetLimits( prismatic, &enabled, &lower, &upper ) == ttResult_ok );
	ENSURE( enabled );
	ENSURE_NEAR( lower, -0.2f, 0 );
	ENSURE_NEAR( upper, 0.5f, 0 );

	// Wrong type and stale ids are rejected and the outputs cleared.
	enabled = true;
	lower = upper = 9;
	ENSURE( ttHingeJoint_GetLimits( prismatic, &enabled, &lower, &upper ) == ttResult_invalidId );
	ENSURE( enabled == false && lower == 0 && upper == 0 );
	ENSURE( ttSphericalJoint_GetLimits( hinge, &swingEnabled, &maxSwing, NULL, NULL, NULL ) == ttResult_invalidId );
	ENSURE( swingEnabled == false && maxSwing == 0 );
	ttDestroyJoint( prismatic );
	ENSURE( ttPrismaticJoint_GetLimits( prismatic, &enabled, &lower, &upper ) == ttResult_invalidId );
	ENSURE( ttHingeJoint_GetLimits( ( ttJointId ){ 0 }, NULL, NULL, NULL ) == ttResult_invalidId );
	ttDestroyWorld( world );
}

typedef struct TreeRead
{
	int count;
	ttAABB* boxes;
	int* depths;
	bool* leaves;
} TreeRead;

static TreeRead ReadTree( ttWorldId world )
{
	TreeRead tree = { 0 };
	int capacity = ttWorld_GetBroadphaseNodeCount( world );
	tree.boxes = malloc( sizeof( ttAABB ) * (size_t)( capacity + 1 ) );
	tree.depths = malloc( sizeof( int ) * (size_t)( capacity + 1 ) );
	tree.leaves = malloc( sizeof( bool ) * (size_t)( capacity + 1 ) );
	tree.count = ttWorld_GetBroadphaseNodes( world, tree.boxes, tree.depths, tree.leaves, capacity + 1 );
	ENSURE( tree.count == capacity );
	return tree;
}

static void FreeTree( TreeRead* tree )
{
	free( tree->boxes );
	free( tree->depths );
	free( tree->leaves );
}

// One leaf per bounded shape, leaves - 1 inner nodes, parents first with the parent of a node at
// depth d the last node before it at depth d - 1, each parent enclosing its children, and every
// bounded shape's box inside some leaf.
static void CheckTree( ttWorldId world, int boundedShapes )
{
	TreeRead tree = ReadTree( world );
	int leafCount = 0, maxDepth = 0;
	int parentAt[64];
	int childCount[256] = { 0 };
	ENSURE( tree.count <= 256 );
	for ( int i = 0; i < tree.count && i < 256; ++i )
	{
		int d = tree.depths[i];
		leafCount += tree.leaves[i] ? 1 : 0;
		maxDepth = d > maxDepth ? d : maxDepth;
		ENSURE( i == 0 ? d == 0 : ( d >= 1 && d <= tree.depths[i - 1] + 1 && d < 64 ) );
		if ( i > 0 && d >= 1 && d < 64 )
		{
			int parent = parentAt[d - 1];
			ENSURE( tree.leaves[parent] == false );
			ENSURE( Contains( tree.boxes[parent], tree.boxes[i] ) );
			childCount[parent] += 1;
		}
		if ( d < 64 )
		{
			parentAt[d] = i;
		}
	}
	for ( int i = 0; i < tree.count && i < 256; ++i )
	{
		ENSURE( childCount[i] == ( tree.leaves[i] ? 0 : 2 ) );
	}
	ENSURE( leafCount == boundedShapes );
	ENSURE( tree.count == ( boundedShapes > 0 ? 2 * boundedShapes - 1 : 0 ) );
	// Balanced: far below the leaf count for a dozen leaves.
	ENSURE_BELOW( maxDepth, boundedShapes > 2 ? boundedShapes - 1 : 2 );

	ttBodyId bodies[64];
	int bodyCount = ttWorld_GetBodies( world, bodies, 64 );
	int enclosed = 0, shapeCount = 0;
	for ( int b = 0; b < bodyCount; ++b )
	{
		ttShapeId shapes[8];
		int count = ttBody_GetShapes( bodies[b], shapes, 8 );
		for ( int s = 0; s < count; ++s )
		{
			if ( ttShape_GetType( shapes[s] ) == ttShape_plane )
			{
				continue;
			}
			shapeCount += 1;
			ttAABB box = ttShape_GetAABB( shapes[s] );
			for ( int i = 0; i < tree.count; ++i )
			{
				if ( tree.leaves[i] && Contains( tree.boxes[i], box ) )
				{
					enclosed += 1;
					break;
				}
			}
		}
	}
	ENSURE( shapeCount == boundedShapes );
	ENSURE( enclosed == shapeCount );
	FreeTree( &tree );
}

static void CheckBroadphaseTree( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();

	// An empty world has an empty tree.
	ttAABB box;
	ENSURE( ttWorld_GetBroadphaseNodeCount( world ) == 0 );
	ENSURE( ttWorld_GetBroadphaseNodes( world, &box, NULL, NULL, 1 ) == 0 );

	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	ENSURE( ttWorld_GetBroadphaseNodeCount( world ) == 0 ); // planes stay out of the tree

	// A loose pile: boxes, spheres, capsules, and one body with two shapes, dropped on the plane.
	int bounded = 0;
	ttBodyId last = { 0 };
	for ( int i = 0; i < 10; ++i )
	{
		ttBodyId body =
		    AddBody( world, ( ttVec3 ){ 0.3f * (ttReal)( i % 3 ), 0.5f + 0.6f * (ttReal)i, 0.1f * (ttReal)i } );
		if ( i % 3 == 0 )
		{
			ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 0.2f, 0.2f, 0.2f } } );
		}
		else if ( i % 3 == 1 )
		{
			ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ 0.25f } );
		}
		else
		{
			ttCreateCapsuleShape( body, &shapeDef, &( ttCapsule ){ { -0.2f, 0, 0 }, { 0.2f, 0, 0 }, 0.1f } );
		}
		bounded += 1;
		last = body;
	}
	shapeDef.localPosition = ( ttVec3 ){ 0, 0.5f, 0 };
	ttCreateSphereShape( last, &shapeDef, &( ttSphere ){ 0.1f } );
	bounded += 1;
	CheckTree( world, bounded );

	for ( int step = 0; step < 60; ++step )
	{
		ttWorld_Step( world, 1.0f / 60 );
	}
	CheckTree( world, bounded );

	// A teleport without a step: the boxes read back still enclose the shapes where they are now.
	ttBody_SetTransform( last, ( ttVec3 ){ 5, 3, -2 }, ( ttQuat ){ 0, 0, 0, 1 } );
	CheckTree( world, bounded );

	ttDestroyBody( last );
	bounded -= 2;
	CheckTree( world, bounded );

	// Capacity cuts the copy short (parents first); bad arguments are rejected.
	int depths[3];
	bool leaves[3];
	ttAABB boxes[3];
	ENSURE( ttWorld_GetBroadphaseNodes( world, boxes, depths, leaves, 3 ) == 3 );
	ENSURE( depths[0] == 0 && leaves[0] == false && depths[1] == 1 );
	ENSURE( ttWorld_GetBroadphaseNodes( world, NULL, depths, leaves, 3 ) == 0 );
	ENSURE( ttWorld_GetBroadphaseNodes( world, boxes, NULL, NULL, -1 ) == 0 );
	ttDestroyWorld( world );
	ENSURE( ttWorld_GetBroadphaseNodeCount( world ) == 0 );
	ENSURE( ttWorld_GetBroadphaseNodes( world, boxes, NULL, NULL, 3 ) == 0 );
}

int main( void )
{
	CheckJointLimits();
	CheckBroadphaseTree();
	return TEST_RESULT();
}
