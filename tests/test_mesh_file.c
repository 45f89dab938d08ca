// SPDX-License-Identifier: MIT
// The tools' mesh file loader (OBJ, binary and ASCII STL) on the small files of tests/data, its
// errors for malformed files (file and line), and meshes and heightfields in a scene file.
#include "test_macros.h"

#include "mesh_file.h"
#include "scene.h"

#include <string.h>

static void TestObj( void )
{
	ttMeshFile mesh;
	char error[512] = "";
	ENSURE( ttMeshFile_Load( "tests/data/mesh_cube.obj", &mesh, error, (int)sizeof( error ) ) );
	// 8 vertices; 6 quads fan-triangulated into 12 triangles.
	ENSURE( mesh.vertexCount == 8 );
	ENSURE( mesh.triangleCount == 12 );
	if ( mesh.triangleCount == 12 )
	{
		// "f 1 4 3 2" becomes (1, 4, 3) and (1, 3, 2), 0-based.
		int first[6] = { 0, 3, 2, 0, 2, 1 };
		ENSURE( memcmp( mesh.indices, first, sizeof( first ) ) == 0 );
		// "f -7 -6 -2 -3" after 8 vertices is "f 2 3 7 6".
		int last[6] = { 1, 2, 6, 1, 6, 5 };
		ENSURE( memcmp( mesh.indices + 30, last, sizeof( last ) ) == 0 );
	}
	ttMeshFile_Free( &mesh );

	ENSURE( ttMeshFile_Load( "tests/data/mesh_bad_face.obj", &mesh, error, (int)sizeof( error ) ) == false );
	printf( "%s\n", error );
	ENSURE( strstr( error, "tests/data/mesh_bad_face.obj:7: face corner 9 refers to no vertex" ) != NULL );
	ENSURE( mesh.vertices == NULL && mesh.indices == NULL );

	// Malformed text, each with its line.
	const char* bad[][2] = {
	    { "v 0 0 0\nv 1 0 0\nv 0 1\n", "t.obj:3: a vertex needs three finite numbers" },
	    { "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n", "t.obj:4: a face needs at least 3 corners, got 2" },
	    { "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n", "t.obj:4: face corner 0 refers to no vertex" },
	    { "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n", "t.obj:4: face corner -4 refers to no vertex" },
	    { "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 x\n", "t.obj:4: face corner 'x' is not an index" },
	    { "v 0 0 0\nv 1 0 nan\n", "t.obj:2: a vertex needs three finite numbers" },
	    { "v 0 0 0\ncurv 0 1\n", "t.obj:2: unknown statement 'curv'" },
	    { "v 0 0 0\nv 1 0 0\nv 0 1 0\n", "t.obj: no faces" },
	};
	for ( int i = 0; i < (int)( sizeof( bad ) / sizeof( bad[0] ) ); ++i )
	{
		bool ok = ttMeshFile_ParseObj( bad[i][0], strlen( bad[i][0] ), "t.obj", &mesh, error, (int)sizeof( error ) );
		ENSURE( ok == false );
		if ( ok == false && strstr( error, bad[i][1] ) == NULL )
		{
			fprintf( stderr, "FAIL got '%s', expected '%s'\n", error, bad[i][1] );
			tt_test_failures += 1;
		}
	}
}

static void TestStl( void )
{
	ttMeshFile mesh;
	char error[512] = "";
	const char* files[2] = { "tests/data/mesh_tetra_ascii.stl", "tests/data/mesh_tetra_binary.stl" };
	for ( int f = 0; f < 2; ++f )
	{
		ENSURE( ttMeshFile_Load( files[f], &mesh, error, (int)sizeof( error ) ) );
		// STL repeats each corner: 4 triangles, 12 vertices; the fourth triangle is (1,0,0) (0,1,0) (0,0,1).
		ENSURE( mesh.triangleCount == 4 );
		ENSURE( mesh.vertexCount == 12 );
		if ( mesh.vertexCount == 12 )
		{
			ENSURE( mesh.vertices[9].x == 1 && mesh.vertices[10].y == 1 && mesh.vertices[11].z == 1 );
		}
		ttMeshFile_Free( &mesh );
	}
	ENSURE( ttMeshFile_Load( "tests/data/mesh_bad.stl", &mesh, error, (int)sizeof( error ) ) == false );
	printf( "%s\n", error );
	ENSURE( strstr( error, "tests/data/mesh_bad.stl:7: expected a finite number, found 'endloop'" ) != NULL );
	ENSURE( ttMeshFile_Load( "tests/data/mesh_scene.json", &mesh, error, (int)sizeof( error ) ) == false );
	ENSURE( strstr( error, "unknown mesh file type" ) != NULL );
	ENSURE( ttMeshFile_Load( "tests/data/missing.stl", &mesh, error, (int)sizeof( error ) ) == false );
	ENSURE( strstr( error, "cannot read the mesh file" ) != NULL );
	// A binary file cut short is neither binary (the size does not match) nor ASCII.
	unsigned char truncated[100] = { 0 };
	truncated[80] = 4;
	ENSURE( ttMeshFile_ParseStl( truncated, sizeof( truncated ), "t.stl", &mesh, error, (int)sizeof( error ) ) ==
	        false );
	ENSURE( strstr( error, "t.stl: neither binary STL" ) != NULL );
}

// The scene: meshes from OBJ and STL files (relative to the scene file), inline, and a heightfield.
// A ball dropped on the cube mesh comes to rest on its top face (y = 1) at its radius (0.2 m).
static void TestScene( void )
{
	ttScene scene;
	char error[512] = "";
	bool loaded = ttScene_LoadFile( "tests/data/mesh_scene.json", &scene, error, (int)sizeof( error ) );
	ENSURE( loaded );
	if ( loaded == false )
	{
		fprintf( stderr, "%s\n", error );
		return;
	}
	const char* names[4] = { "cube", "tetra", "ramp", "terrain" };
	int triangles[4] = { 12, 4, 2, 8 };
	ttShapeType types[4] = { ttShape_mesh, ttShape_mesh, ttShape_mesh, ttShape_heightfield };
	for ( int i = 0; i < 4; ++i )
	{
		ttShapeId shape;
		ENSURE( ttBody_GetShapes( ttScene_FindBody( &scene, names[i] ), &shape, 1 ) == 1 );
		ENSURE( ttShape_GetType( shape ) == types[i] );
		ENSURE( ttShape_GetTriangleCount( shape ) == triangles[i] );
	}
	ttBodyId ball = ttScene_FindBody( &scene, "ball" );
	for ( int i = 0; i < 120; ++i )
	{
		ttWorld_Step( scene.worldId, scene.timeStep );
	}
	ttVec3 p = ttBody_GetPosition( ball );
	ENSURE_NEAR( p.y, 1.2, 1e-3 );
	ENSURE_NEAR( p.x, 0, 1e-6 );
	ENSURE_BELOW( ttLength( ttBody_GetLinearVelocity( ball ) ), 1e-3 );
	ttScene_Destroy( &scene );
}

int main( void )
{
	TestObj();
	TestStl();
	TestScene();
	return TEST_RESULT();
}
