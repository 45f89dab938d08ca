// SPDX-License-Identifier: MIT
// Robustness: 100 bodies of every convex type (spheres, boxes, capsules, cylinders, hulls) dropped
// at random poses onto a bumpy terrain, once as a triangle mesh and once as a heightfield. After
// 3.3 s nothing is NaN and no body whose centre is over the terrain has its centre below the
// surface there (found by a ray cast straight down): nothing fell through.
#include "test_macros.h"
#include "test_random.h"

#include "tether/tether.h"

#include <math.h>

enum
{
	gridSize = 40,
	bodyCount = 100
};

static ttReal Height( int row, int column )
{
	return (ttReal)( 0.25 * sin( 0.5 * row ) * cos( 0.4 * column ) );
}

static void Run( bool heightfield )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	static ttReal heights[gridSize * gridSize];
	static ttVec3 vertices[gridSize * gridSize];
	static int indices[6 * ( gridSize - 1 ) * ( gridSize - 1 )];
	const ttReal cell = 0.2f, origin = -4;
	for ( int r = 0; r < gridSize; ++r )
	{
		for ( int c = 0; c < gridSize; ++c )
		{
			heights[r * gridSize + c] = Height( r, c );
			vertices[r * gridSize + c] =
			    ( ttVec3 ){ origin + (ttReal)c * cell, Height( r, c ), origin + (ttReal)r * cell };
		}
	}
	int k = 0;
	for ( int r = 0; r + 1 < gridSize; ++r )
	{
		for ( int c = 0; c + 1 < gridSize; ++c )
		{
			int a = r * gridSize + c, b = a + 1, d = a + gridSize, e = d + 1;
			int quad[6] = { a, d, e, a, e, b };
			for ( int i = 0; i < 6; ++i )
			{
				indices[k++] = quad[i];
			}
		}
	}
	ttBodyDef bodyDef = ttDefaultBodyDef();
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttShapeId terrain;
	if ( heightfield )
	{
		bodyDef.position = ( ttVec3 ){ origin, 0, origin };
		ttHeightfieldDef field = ttDefaultHeightfieldDef();
		field.heights = heights;
		field.rowCount = gridSize;
		field.columnCount = gridSize;
		field.scale = ( ttVec3 ){ cell, 1, cell };
		terrain = ttCreateHeightfieldShape( ttCreateBody( world, &bodyDef ), &shapeDef, &field );
	}
	else
	{
		ttMeshDef mesh = ttDefaultMeshDef();
		mesh.vertices = vertices;
		mesh.vertexCount = gridSize * gridSize;
		mesh.indices = indices;
		mesh.triangleCount = 2 * ( gridSize - 1 ) * ( gridSize - 1 );
		terrain = ttCreateMeshShape( ttCreateBody( world, &bodyDef ), &shapeDef, &mesh );
	}

	SeedRandom( 5 );
	ttVec3 hull[6] = { { 0.15f, 0, 0 }, { -0.1f, 0.1f, 0 },   { -0.1f, -0.1f, 0.05f },
	                   { 0, 0, 0.2f },  { 0, 0.05f, -0.15f }, { 0.05f, -0.1f, -0.1f } };
	ttBodyId bodies[bodyCount];
	bodyDef.type = ttBody_dynamic;
	for ( int i = 0; i < bodyCount; ++i )
	{
		bodyDef.position = ( ttVec3 ){ RandomRange( -3.5, 3.5 ), RandomRange( 0.5, 3.5 ), RandomRange( -3.5, 3.5 ) };
		bodyDef.rotation = RandomRotation();
		bodies[i] = ttCreateBody( world, &bodyDef );
		switch ( i % 5 )
		{
			case 0:
				ttCreateSphereShape( bodies[i], &shapeDef, &( ttSphere ){ 0.1f } );
				break;
			case 1:
				ttCreateBoxShape( bodies[i], &shapeDef, &( ttBox ){ { 0.15f, 0.1f, 0.08f } } );
				break;
			case 2:
				ttCreateCapsuleShape( bodies[i], &shapeDef, &( ttCapsule ){ { -0.1f, 0, 0 }, { 0.1f, 0, 0 }, 0.07f } );
				break;
			case 3:
				ttCreateCylinderShape( bodies[i], &shapeDef, &( ttCylinder ){ 0.1f, 0.1f } );
				break;
			default:
				ttCreateHullShape( bodies[i], &shapeDef, hull, 6 );
				break;
		}
	}
	for ( int step = 0; step < 200; ++step )
	{
		ttWorld_Step( world, 1.0f / 60.0f );
	}
	int invalid = 0, through = 0, over = 0;
	for ( int i = 0; i < bodyCount; ++i )
	{
		ttVec3 p = ttBody_GetPosition( bodies[i] );
		if ( ttIsValidVec3( p ) == false || ttIsValidVec3( ttBody_GetLinearVelocity( bodies[i] ) ) == false )
		{
			invalid += 1;
			continue;
		}
		ttRayResult down = ttShape_RayCast( terrain, ( ttVec3 ){ p.x, 10, p.z }, ( ttVec3 ){ 0, -20, 0 } );
		if ( down.hit )
		{
			over += 1;
			if ( p.y < down.point.y )
			{
				through += 1;
				printf( "body %d (type %d) at (%.3f, %.3f, %.3f), the surface at %.3f\n", i, i % 5, (double)p.x,
				        (double)p.y, (double)p.z, (double)down.point.y );
			}
		}
	}
	printf( "%s: %d of %d bodies over the terrain\n", heightfield ? "heightfield" : "mesh", over, bodyCount );
	ENSURE( invalid == 0 );
	ENSURE( through == 0 );
	// Most bodies stay on the terrain (some roll off its edges).
	ENSURE( over > bodyCount / 2 );
	ttDestroyWorld( world );
}

int main( void )
{
	Run( false );
	Run( true );
	return TEST_RESULT();
}
