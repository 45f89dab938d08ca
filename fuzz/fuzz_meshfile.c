// SPDX-License-Identifier: MIT
// Fuzz target: the OBJ and STL readers (tools/mesh_file.c). The first byte picks the format, the
// rest is the file. A refused file must say why; a parsed one must have every index naming one of
// its vertices and every vertex finite, and then goes into ttCreateMeshShape with a ball dropped
// on it for one step. docs/hardening.md.
#include "mesh_file.h"

#include "tether/tether.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size );

static void Quiet( const char* message )
{
	(void)message;
}

static void Require( bool condition, const char* what )
{
	if ( condition == false )
	{
		fprintf( stderr, "fuzz_meshfile: %s\n", what );
		abort();
	}
}

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size )
{
	if ( size < 1 )
	{
		return 0;
	}
	ttSetLogFcn( Quiet );
	bool obj = ( data[0] & 1 ) == 0;
	ttMeshFile mesh;
	char error[512] = { 0 };
	bool parsed =
	    obj ? ttMeshFile_ParseObj( (const char*)data + 1, size - 1, "fuzz.obj", &mesh, error, (int)sizeof( error ) )
	        : ttMeshFile_ParseStl( data + 1, size - 1, "fuzz.stl", &mesh, error, (int)sizeof( error ) );
	if ( parsed == false )
	{
		Require( error[0] != 0, "a refused mesh file must say why" );
		return 0;
	}
	for ( int i = 0; i < mesh.vertexCount; ++i )
	{
		ttVec3 v = mesh.vertices[i];
		Require( isfinite( v.x ) && isfinite( v.y ) && isfinite( v.z ), "finite vertices" );
	}
	for ( int i = 0; i < 3 * mesh.triangleCount; ++i )
	{
		Require( mesh.indices[i] >= 0 && mesh.indices[i] < mesh.vertexCount, "indices name vertices" );
	}
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttMeshDef meshDef = ttDefaultMeshDef();
	meshDef.vertices = mesh.vertices;
	meshDef.vertexCount = mesh.vertexCount;
	meshDef.indices = mesh.indices;
	meshDef.triangleCount = mesh.triangleCount;
	ttShapeId shape = ttCreateMeshShape( ground, &shapeDef, &meshDef );
	if ( TT_IS_NON_NULL( shape ) )
	{
		ttBodyDef ballDef = ttDefaultBodyDef();
		ballDef.type = ttBody_dynamic;
		ttAABB box = ttShape_GetAABB( shape );
		ballDef.position =
		    ( ttVec3 ){ 0.5f * ( box.lower.x + box.upper.x ), box.upper.y, 0.5f * ( box.lower.z + box.upper.z ) };
		ttBodyId ball = ttCreateBody( world, &ballDef );
		ttSphere sphere = { 0.5f };
		ttCreateSphereShape( ball, &shapeDef, &sphere );
		Require( ttWorld_Step( world, (ttReal)1 / 60 ) == ttResult_ok, "a ball on the mesh steps" );
	}
	ttDestroyWorld( world );
	ttMeshFile_Free( &mesh );
	return 0;
}
