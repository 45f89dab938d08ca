// SPDX-License-Identifier: MIT
// Mesh and heightfield shapes of scene files (docs/scene-format.md): a mesh inline ("vertices"
// and "triangles") or from an OBJ or STL file named relative to the scene file, a heightfield
// from its rows of heights.
#include "mesh_file.h"
#include "scene_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// An array of `width` finite numbers at `item` (an array entry); false when it is not one.
static bool ttReadTuple( const cJSON* item, int width, double* values )
{
	if ( cJSON_IsArray( item ) == false || cJSON_GetArraySize( item ) != width )
	{
		return false;
	}
	int i = 0;
	const cJSON* entry;
	cJSON_ArrayForEach( entry, item )
	{
		if ( cJSON_IsNumber( entry ) == false || isfinite( entry->valuedouble ) == 0 )
		{
			return false;
		}
		values[i++] = entry->valuedouble;
	}
	return true;
}

static bool ttLoader_InlineMesh( ttSceneLoader* loader, const cJSON* item, ttMeshFile* mesh )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* vertices = cJSON_GetObjectItemCaseSensitive( item, "vertices" );
	const cJSON* triangles = cJSON_GetObjectItemCaseSensitive( item, "triangles" );
	if ( cJSON_IsArray( vertices ) == false || cJSON_GetArraySize( vertices ) < 3 )
	{
		return ttReader_Fail( r, "vertices", "must be an array of at least 3 points [x, y, z]" );
	}
	if ( cJSON_IsArray( triangles ) == false || cJSON_GetArraySize( triangles ) < 1 )
	{
		return ttReader_Fail( r, "triangles", "must be an array of at least 1 triangle [i, j, k]" );
	}
	mesh->vertexCount = cJSON_GetArraySize( vertices );
	mesh->triangleCount = cJSON_GetArraySize( triangles );
	mesh->vertices = malloc( sizeof( ttVec3 ) * (size_t)mesh->vertexCount );
	mesh->indices = malloc( sizeof( int ) * 3 * (size_t)mesh->triangleCount );
	if ( mesh->vertices == NULL || mesh->indices == NULL )
	{
		return ttReader_Fail( r, "vertices", "out of memory" );
	}
	int i = 0;
	const cJSON* entry;
	cJSON_ArrayForEach( entry, vertices )
	{
		double v[3];
		if ( ttReadTuple( entry, 3, v ) == false )
		{
			return ttReader_Fail( r, "vertices", "entry %d must be a point [x, y, z] of finite numbers", i );
		}
		mesh->vertices[i++] = ( ttVec3 ){ (ttReal)v[0], (ttReal)v[1], (ttReal)v[2] };
	}
	i = 0;
	cJSON_ArrayForEach( entry, triangles )
	{
		double t[3];
		if ( ttReadTuple( entry, 3, t ) == false )
		{
			return ttReader_Fail( r, "triangles", "entry %d must be three vertex indices [i, j, k]", i );
		}
		for ( int k = 0; k < 3; ++k )
		{
			if ( t[k] != floor( t[k] ) || t[k] < 0 || t[k] >= mesh->vertexCount )
			{
				return ttReader_Fail( r, "triangles", "entry %d: index %g is not a vertex index in [0, %d)", i, t[k],
				                      mesh->vertexCount );
			}
			mesh->indices[3 * i + k] = (int)t[k];
		}
		i += 1;
	}
	return true;
}

static bool s_anyMeshPath = false;

void ttScene_AllowAnyMeshPath( bool allow )
{
	s_anyMeshPath = allow;
}

// Whether a relative path stays inside its directory tree: no ".." component (a lexical test;
// links inside the tree are the tree owner's business).
static bool ttStaysInside( const char* file )
{
	for ( const char* part = file; *part != 0; )
	{
		size_t length = strcspn( part, "/\\" );
		if ( length == 2 && part[0] == '.' && part[1] == '.' )
		{
			return false;
		}
		part += length;
		part += *part != 0 ? 1 : 0;
	}
	return true;
}

// "file": relative to the directory of the scene file, and inside it unless
// ttScene_AllowAnyMeshPath lifted the rule (then absolute paths are used as they are).
bool ttLoader_MeshFile( ttSceneLoader* loader, const cJSON* item, ttMeshFile* mesh )
{
	ttSceneReader* r = &loader->reader;
	const char* file = NULL;
	if ( ttReader_String( r, item, "file", &file ) == false )
	{
		return false;
	}
	if ( file[0] == '\0' )
	{
		return ttReader_Fail( r, "file", "must name an .obj or .stl file" );
	}
	if ( s_anyMeshPath == false && ( file[0] == '/' || file[0] == '\\' || ttStaysInside( file ) == false ) )
	{
		return ttReader_Fail( r, "file",
		                      "'%s' is outside the scene file's directory (absolute or with '..'); mesh files must "
		                      "lie in the scene's directory tree (tether --any-mesh-path lifts this)",
		                      file );
	}
	char path[1024];
	const char* slash = strrchr( r->source, '/' );
	int directory = file[0] != '/' && slash != NULL ? (int)( slash - r->source + 1 ) : 0;
	if ( snprintf( path, sizeof( path ), "%.*s%s", directory, r->source, file ) >= (int)sizeof( path ) )
	{
		return ttReader_Fail( r, "file", "path too long" );
	}
	char error[512];
	if ( ttMeshFile_Load( path, mesh, error, (int)sizeof( error ) ) == false )
	{
		return ttReader_Fail( r, "file", "%s", error );
	}
	return true;
}

ttShapeId ttLoader_Mesh( ttSceneLoader* loader, const cJSON* item, ttBodyId body, const ttShapeDef* def )
{
	ttSceneReader* r = &loader->reader;
	bool hasFile = ttReader_Has( item, "file" );
	bool hasInline = ttReader_Has( item, "vertices" ) || ttReader_Has( item, "triangles" );
	if ( hasFile == hasInline )
	{
		ttReader_Fail( r, NULL, "a mesh needs either \"file\" or \"vertices\" and \"triangles\" (not both)" );
		return ttNullShapeId;
	}
	ttMeshFile mesh = { 0 };
	bool ok = hasFile ? ttLoader_MeshFile( loader, item, &mesh ) : ttLoader_InlineMesh( loader, item, &mesh );
	ttShapeId shape = ttNullShapeId;
	if ( ok )
	{
		ttMeshDef meshDef = ttDefaultMeshDef();
		meshDef.vertices = mesh.vertices;
		meshDef.vertexCount = mesh.vertexCount;
		meshDef.indices = mesh.indices;
		meshDef.triangleCount = mesh.triangleCount;
		shape = ttCreateMeshShape( body, def, &meshDef );
	}
	ttMeshFile_Free( &mesh );
	return shape;
}

ttShapeId ttLoader_Heightfield( ttSceneLoader* loader, const cJSON* item, ttBodyId body, const ttShapeDef* def )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* rows = cJSON_GetObjectItemCaseSensitive( item, "heights" );
	const cJSON* firstRow = cJSON_IsArray( rows ) ? cJSON_GetArrayItem( rows, 0 ) : NULL;
	if ( cJSON_IsArray( rows ) == false || cJSON_GetArraySize( rows ) < 2 || cJSON_IsArray( firstRow ) == false ||
	     cJSON_GetArraySize( firstRow ) < 2 )
	{
		ttReader_Fail( r, "heights", "must be an array of at least 2 rows, each an array of at least 2 numbers" );
		return ttNullShapeId;
	}
	ttHeightfieldDef field = ttDefaultHeightfieldDef();
	if ( ttReader_Vec3( r, item, "scale", ttRange_positive, &field.scale ) == false )
	{
		return ttNullShapeId;
	}
	field.rowCount = cJSON_GetArraySize( rows );
	field.columnCount = cJSON_GetArraySize( firstRow );
	if ( field.rowCount > ( 1 << 24 ) / field.columnCount )
	{
		ttReader_Fail( r, "heights", "too many heights (%d x %d)", field.rowCount, field.columnCount );
		return ttNullShapeId;
	}
	ttReal* heights = malloc( sizeof( ttReal ) * (size_t)( field.rowCount * field.columnCount ) );
	if ( heights == NULL )
	{
		ttReader_Fail( r, "heights", "out of memory" );
		return ttNullShapeId;
	}
	int i = 0;
	const cJSON* row;
	cJSON_ArrayForEach( row, rows )
	{
		if ( cJSON_IsArray( row ) == false || cJSON_GetArraySize( row ) != field.columnCount )
		{
			free( heights );
			ttReader_Fail( r, "heights", "row %d must be an array of %d numbers, like row 0", i, field.columnCount );
			return ttNullShapeId;
		}
		int j = 0;
		const cJSON* h;
		cJSON_ArrayForEach( h, row )
		{
			if ( cJSON_IsNumber( h ) == false || isfinite( h->valuedouble ) == 0 )
			{
				free( heights );
				ttReader_Fail( r, "heights", "row %d, entry %d must be a finite number", i, j );
				return ttNullShapeId;
			}
			heights[i * field.columnCount + j++] = (ttReal)h->valuedouble;
		}
		i += 1;
	}
	field.heights = heights;
	ttShapeId shape = ttCreateHeightfieldShape( body, def, &field );
	free( heights );
	return shape;
}
