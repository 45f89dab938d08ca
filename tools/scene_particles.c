// SPDX-License-Identifier: MIT
// Particles of scene files (docs/scene-format.md, "Particles"): loose particles, ropes (with
// optional attachments of their ends to bodies), cloths (a grid or inline triangles) and soft
// bodies (a box cut into tetrahedra, or inline tetrahedra) and tires around rim bodies. Each becomes a ttParticleGroup
// of the scene with its ids and, for cloth and soft bodies, the triangles to draw.
#include "scene_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ttScene_FreeParticleGroups( ttScene* scene )
{
	for ( int i = 0; i < scene->particleGroupCount; ++i )
	{
		free( scene->particleGroups[i].particles );
		free( scene->particleGroups[i].triangles );
	}
	free( scene->particleGroups );
	scene->particleGroups = NULL;
	scene->particleGroupCount = 0;
}

// A new group at the end of the scene's list with room for `count` ids; NULL after a failure.
static ttParticleGroup* ttLoader_AddGroup( ttSceneLoader* loader, ttParticleGroupKind kind, const char* name,
                                           int count )
{
	ttScene* scene = loader->scene;
	ttParticleGroup* groups =
	    realloc( scene->particleGroups, sizeof( ttParticleGroup ) * (size_t)( scene->particleGroupCount + 1 ) );
	ttParticleId* ids = calloc( (size_t)( count > 0 ? count : 1 ), sizeof( ttParticleId ) );
	if ( groups == NULL || ids == NULL )
	{
		free( ids );
		if ( groups != NULL )
		{
			scene->particleGroups = groups;
		}
		ttReader_Fail( &loader->reader, NULL, "out of memory" );
		return NULL;
	}
	scene->particleGroups = groups;
	ttParticleGroup* group = groups + scene->particleGroupCount++;
	memset( group, 0, sizeof( *group ) );
	snprintf( group->name, sizeof( group->name ), "%s", name );
	group->kind = kind;
	group->particles = ids;
	group->particleCount = count;
	return group;
}

static const char* const ttParticleKeys[] = {
    "position",        "velocity", "mass",         "radius",  "damping", "staticFriction",
    "dynamicFriction", "group",    "gravityScale", "collide", NULL };

static bool ttLoader_LooseParticles( ttSceneLoader* loader, const cJSON* array )
{
	ttSceneReader* r = &loader->reader;
	ttParticleGroup* group =
	    ttLoader_AddGroup( loader, ttParticleGroup_particles, "particles", cJSON_GetArraySize( array ) );
	if ( group == NULL )
	{
		return false;
	}
	group->particleCount = 0;
	int index = 0;
	const cJSON* item;
	cJSON_ArrayForEach( item, array )
	{
		int saved = ttReader_PushIndex( r, index++ );
		ttParticleDef def = ttDefaultParticleDef();
		bool ok = ttReader_IsObject( r, item, NULL ) && ttReader_CheckKeys( r, item, ttParticleKeys );
		if ( ok && ttReader_Has( item, "position" ) == false )
		{
			ok = ttReader_Fail( r, "position", "is required" );
		}
		ok = ok && ttReader_Vec3( r, item, "position", ttRange_any, &def.position ) &&
		     ttReader_Vec3( r, item, "velocity", ttRange_any, &def.velocity ) &&
		     ttReader_Number( r, item, "mass", ttRange_nonNegative, &def.mass ) &&
		     ttReader_Number( r, item, "radius", ttRange_positive, &def.radius ) &&
		     ttReader_Number( r, item, "damping", ttRange_nonNegative, &def.damping ) &&
		     ttReader_Number( r, item, "staticFriction", ttRange_nonNegative, &def.staticFriction ) &&
		     ttReader_Number( r, item, "dynamicFriction", ttRange_nonNegative, &def.dynamicFriction ) &&
		     ttReader_Int( r, item, "group", -1000000, 1000000, &def.group ) &&
		     ttReader_Number( r, item, "gravityScale", ttRange_any, &def.gravityScale ) &&
		     ttReader_Bool( r, item, "collide", &def.collide );
		ttParticleId id = ok ? ttCreateParticle( loader->scene->worldId, &def ) : ttNullParticleId;
		if ( ok && TT_IS_NULL( id ) )
		{
			ok = ttLoader_LibraryError( loader, NULL, "ttCreateParticle" );
		}
		ttReader_Pop( r, saved );
		if ( ok == false )
		{
			return false;
		}
		group->particles[group->particleCount++] = id;
	}
	return true;
}

static const char* const ttAttachKeys[] = { "body", "point", "compliance", NULL };

// object[key] = { "body": name, "point": body-local point (default: where the particle is), "compliance" }.
static bool ttLoader_Attach( ttSceneLoader* loader, const cJSON* object, const char* key, ttParticleId particle )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* item = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( item == NULL )
	{
		return true;
	}
	int saved = ttReader_PushKey( r, key );
	ttBodyId body = ttNullBodyId;
	ttReal compliance = 0;
	bool ok = ttReader_IsObject( r, item, NULL ) && ttReader_CheckKeys( r, item, ttAttachKeys ) &&
	          ttLoader_BodyRef( loader, item, "body", false, &body );
	ttVec3 point = ok ? ttBody_GetLocalPoint( body, ttParticle_GetPosition( particle ) ) : TT_VEC3_ZERO;
	ok = ok && ttReader_Vec3( r, item, "point", ttRange_any, &point ) &&
	     ttReader_Number( r, item, "compliance", ttRange_nonNegative, &compliance );
	if ( ok && TT_IS_NULL( ttCreateParticleAttachment( loader->scene->worldId, particle, body, point, compliance ) ) )
	{
		ok = ttLoader_LibraryError( loader, NULL, "ttCreateParticleAttachment" );
	}
	ttReader_Pop( r, saved );
	return ok;
}

static const char* const ttRopeKeys[] = { "name",
                                          "start",
                                          "end",
                                          "segments",
                                          "mass",
                                          "radius",
                                          "compliance",
                                          "bendingCompliance",
                                          "fixStart",
                                          "fixEnd",
                                          "damping",
                                          "staticFriction",
                                          "dynamicFriction",
                                          "attachStart",
                                          "attachEnd",
                                          NULL };

static bool ttLoader_Rope( ttSceneLoader* loader, const cJSON* item, int index )
{
	ttSceneReader* r = &loader->reader;
	ttRopeDef def = ttDefaultRopeDef();
	char name[TT_SCENE_NAME_SIZE];
	snprintf( name, sizeof( name ), "rope%d", index );
	bool ok = ttReader_IsObject( r, item, NULL ) && ttReader_CheckKeys( r, item, ttRopeKeys ) &&
	          ttReader_Name( r, item, "name", false, name, TT_SCENE_NAME_SIZE );
	if ( ok && ( ttReader_Has( item, "start" ) == false || ttReader_Has( item, "end" ) == false ) )
	{
		ok = ttReader_Fail( r, ttReader_Has( item, "start" ) ? "end" : "start", "is required" );
	}
	ok = ok && ttReader_Vec3( r, item, "start", ttRange_any, &def.start ) &&
	     ttReader_Vec3( r, item, "end", ttRange_any, &def.end ) &&
	     ttReader_Int( r, item, "segments", 1, 100000, &def.segments ) &&
	     ttReader_Number( r, item, "mass", ttRange_positive, &def.mass ) &&
	     ttReader_Number( r, item, "radius", ttRange_positive, &def.radius ) &&
	     ttReader_Number( r, item, "compliance", ttRange_nonNegative, &def.compliance ) &&
	     ttReader_Number( r, item, "bendingCompliance", ttRange_any, &def.bendingCompliance ) &&
	     ttReader_Bool( r, item, "fixStart", &def.fixStart ) && ttReader_Bool( r, item, "fixEnd", &def.fixEnd ) &&
	     ttReader_Number( r, item, "damping", ttRange_nonNegative, &def.damping ) &&
	     ttReader_Number( r, item, "staticFriction", ttRange_nonNegative, &def.staticFriction ) &&
	     ttReader_Number( r, item, "dynamicFriction", ttRange_nonNegative, &def.dynamicFriction );
	if ( ok == false )
	{
		return false;
	}
	ttParticleGroup* group = ttLoader_AddGroup( loader, ttParticleGroup_rope, name, def.segments + 1 );
	if ( group == NULL )
	{
		return false;
	}
	if ( ttBuildRope( loader->scene->worldId, &def, group->particles ) != ttResult_ok )
	{
		group->particleCount = 0;
		return ttLoader_LibraryError( loader, NULL, "ttBuildRope" );
	}
	return ttLoader_Attach( loader, item, "attachStart", group->particles[0] ) &&
	       ttLoader_Attach( loader, item, "attachEnd", group->particles[def.segments] );
}

// `count` index tuples of `width` in [0, limit) from the array at object[key] into a new array.
static bool ttLoader_Indices( ttSceneLoader* loader, const cJSON* object, const char* key, int width, int limit,
                              int** indices, int* count )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* array = cJSON_GetObjectItemCaseSensitive( object, key );
	if ( cJSON_IsArray( array ) == false || cJSON_GetArraySize( array ) < 1 )
	{
		return ttReader_Fail( r, key, "must be an array of at least one [%s]", width == 3 ? "i, j, k" : "i, j, k, l" );
	}
	*count = cJSON_GetArraySize( array );
	*indices = malloc( sizeof( int ) * (size_t)( width * *count ) );
	if ( *indices == NULL )
	{
		return ttReader_Fail( r, key, "out of memory" );
	}
	int i = 0;
	const cJSON* tuple;
	cJSON_ArrayForEach( tuple, array )
	{
		bool ok = cJSON_IsArray( tuple ) && cJSON_GetArraySize( tuple ) == width;
		for ( int k = 0; ok && k < width; ++k )
		{
			const cJSON* entry = cJSON_GetArrayItem( tuple, k );
			double v = cJSON_IsNumber( entry ) ? entry->valuedouble : -1;
			ok = v >= 0 && v < limit && floor( v ) == v;
			( *indices )[width * i + k] = ok ? (int)v : 0;
		}
		if ( ok == false )
		{
			return ttReader_Fail( r, key, "entry %d must be %d whole numbers in [0, %d) (vertex indices)", i, width,
			                      limit );
		}
		++i;
	}
	return true;
}

// clang-format off
static const char* const ttClothKeys[] = {
    "name", "origin", "axisU", "axisV", "countU", "countV", "mass", "radius", "stretchCompliance",
    "bendingCompliance", "areaCompliance", "fixed", "damping", "staticFriction", "dynamicFriction", "vertices",
    "triangles", "file", "position", NULL };
// clang-format on

static bool ttLoader_ClothFixed( ttSceneLoader* loader, const cJSON* item, ttClothDef* def )
{
	const cJSON* fixed = cJSON_GetObjectItemCaseSensitive( item, "fixed" );
	if ( fixed == NULL )
	{
		return true;
	}
	static const char* const names[] = { "u0v0", "u1v0", "u0v1", "u1v1", "v0" };
	bool* flags[] = { &def->fixCornerU0V0, &def->fixCornerU1V0, &def->fixCornerU0V1, &def->fixCornerU1V1,
	                  &def->fixEdgeV0 };
	if ( cJSON_IsArray( fixed ) == false )
	{
		return ttReader_Fail( &loader->reader, "fixed",
		                      "must be an array of \"u0v0\", \"u1v0\", \"u0v1\", \"u1v1\", \"v0\"" );
	}
	const cJSON* entry;
	cJSON_ArrayForEach( entry, fixed )
	{
		int found = -1;
		for ( int k = 0; k < 5 && cJSON_IsString( entry ); ++k )
		{
			found = strcmp( entry->valuestring, names[k] ) == 0 ? k : found;
		}
		if ( found < 0 )
		{
			return ttReader_Fail( &loader->reader, "fixed",
			                      "entries must be \"u0v0\", \"u1v0\", \"u0v1\", \"u1v1\" (corners) or \"v0\" (edge)" );
		}
		*flags[found] = true;
	}
	return true;
}

// The grid's triangles for drawing, as the builder splits the quads.
static bool ttGridTriangles( ttParticleGroup* group, int nu, int nv )
{
	group->triangleCount = 2 * ( nu - 1 ) * ( nv - 1 );
	group->triangles = malloc( sizeof( int ) * 3 * (size_t)group->triangleCount );
	if ( group->triangles == NULL )
	{
		return false;
	}
	int t = 0;
	for ( int v = 0; v + 1 < nv; ++v )
	{
		for ( int u = 0; u + 1 < nu; ++u )
		{
			int a = u + nu * v, b = a + 1, c = a + nu, d = c + 1;
			int quad[6] = { a, b, d, a, d, c };
			memcpy( group->triangles + 6 * t++, quad, sizeof( quad ) );
		}
	}
	return true;
}

// A triangle mesh for a builder: inline "vertices" (at least minVertices) and "triangles", or an
// OBJ "file", moved by "position" (a file's mesh is modelled about its own origin).
static bool ttLoader_TriangleMesh( ttSceneLoader* loader, const cJSON* item, int minVertices, ttMeshFile* mesh )
{
	ttSceneReader* r = &loader->reader;
	bool ok = ttReader_Has( item, "file" )
	              ? ttLoader_MeshFile( loader, item, mesh )
	              : ttReader_Points( r, item, "vertices", minVertices, 1000000, &mesh->vertices, &mesh->vertexCount ) &&
	                    ttLoader_Indices( loader, item, "triangles", 3, mesh->vertexCount, &mesh->indices,
	                                      &mesh->triangleCount );
	ttVec3 position = TT_VEC3_ZERO;
	ok = ok && ttReader_Vec3( r, item, "position", ttRange_any, &position );
	for ( int i = 0; ok && i < mesh->vertexCount; ++i )
	{
		mesh->vertices[i] = ttAdd( mesh->vertices[i], position );
	}
	return ok;
}

static bool ttLoader_Cloth( ttSceneLoader* loader, const cJSON* item, int index )
{
	ttSceneReader* r = &loader->reader;
	ttClothDef def = ttDefaultClothDef();
	char name[TT_SCENE_NAME_SIZE];
	snprintf( name, sizeof( name ), "cloth%d", index );
	bool ok = ttReader_IsObject( r, item, NULL ) && ttReader_CheckKeys( r, item, ttClothKeys ) &&
	          ttReader_Name( r, item, "name", false, name, TT_SCENE_NAME_SIZE );
	bool inline_ = ttReader_Has( item, "vertices" ) || ttReader_Has( item, "triangles" );
	bool hasFile = ttReader_Has( item, "file" );
	if ( ok && inline_ && hasFile )
	{
		ok = ttReader_Fail( r, NULL,
		                    "a cloth needs a grid, \"vertices\" and \"triangles\", or a \"file\" (one of them)" );
	}
	if ( ok && inline_ == false && hasFile == false && ttReader_Has( item, "origin" ) == false )
	{
		ok = ttReader_Fail( r, "origin", "is required (or give \"vertices\" and \"triangles\", or a \"file\")" );
	}
	ok = ok && ttReader_Vec3( r, item, "origin", ttRange_any, &def.origin ) &&
	     ttReader_Vec3( r, item, "axisU", ttRange_any, &def.axisU ) &&
	     ttReader_Vec3( r, item, "axisV", ttRange_any, &def.axisV ) &&
	     ttReader_Int( r, item, "countU", 2, 4096, &def.countU ) &&
	     ttReader_Int( r, item, "countV", 2, 4096, &def.countV ) &&
	     ttReader_Number( r, item, "mass", ttRange_positive, &def.mass ) &&
	     ttReader_Number( r, item, "radius", ttRange_positive, &def.radius ) &&
	     ttReader_Number( r, item, "stretchCompliance", ttRange_nonNegative, &def.stretchCompliance ) &&
	     ttReader_Number( r, item, "bendingCompliance", ttRange_any, &def.bendingCompliance ) &&
	     ttReader_Number( r, item, "areaCompliance", ttRange_any, &def.areaCompliance ) &&
	     ttLoader_ClothFixed( loader, item, &def ) &&
	     ttReader_Number( r, item, "damping", ttRange_nonNegative, &def.damping ) &&
	     ttReader_Number( r, item, "staticFriction", ttRange_nonNegative, &def.staticFriction ) &&
	     ttReader_Number( r, item, "dynamicFriction", ttRange_nonNegative, &def.dynamicFriction );
	if ( ok == false )
	{
		return false;
	}
	if ( inline_ || hasFile )
	{
		// From triangles: inline, or an OBJ file (whose shared vertices become shared particles).
		ttMeshFile mesh = { 0 };
		ok = ttLoader_TriangleMesh( loader, item, 3, &mesh );
		ttParticleGroup* group = ok ? ttLoader_AddGroup( loader, ttParticleGroup_cloth, name, mesh.vertexCount ) : NULL;
		if ( group != NULL )
		{
			if ( ttBuildClothMesh( loader->scene->worldId, &def, mesh.vertices, mesh.vertexCount, mesh.indices,
			                       mesh.triangleCount, group->particles ) != ttResult_ok )
			{
				group->particleCount = 0;
				ok = ttLoader_LibraryError( loader, NULL, "ttBuildClothMesh" );
			}
			else
			{
				group->triangles = mesh.indices;
				group->triangleCount = mesh.triangleCount;
				mesh.indices = NULL;
			}
		}
		ttMeshFile_Free( &mesh );
		return ok && group != NULL;
	}
	ttParticleGroup* group = ttLoader_AddGroup( loader, ttParticleGroup_cloth, name, def.countU * def.countV );
	if ( group == NULL )
	{
		return false;
	}
	if ( ttBuildCloth( loader->scene->worldId, &def, group->particles ) != ttResult_ok )
	{
		group->particleCount = 0;
		return ttLoader_LibraryError( loader, NULL, "ttBuildCloth" );
	}
	return ttGridTriangles( group, def.countU, def.countV ) ? true : ttReader_Fail( r, NULL, "out of memory" );
}

// A box of nx * ny * nz cells, each cut into the 6 tetrahedra of the Kuhn triangulation (the
// paths from corner 0 to corner 7 along the axes in each order), which match across cells.
static bool ttBoxTetrahedra( ttVec3 center, ttVec3 halfExtents, const int cells[3], ttVec3** vertices, int* vertexCount,
                             int** tets, int* tetCount )
{
	int mx = cells[0] + 1, my = cells[1] + 1, mz = cells[2] + 1;
	*vertexCount = mx * my * mz;
	*tetCount = 6 * cells[0] * cells[1] * cells[2];
	*vertices = malloc( sizeof( ttVec3 ) * (size_t)*vertexCount );
	*tets = malloc( sizeof( int ) * 4 * (size_t)*tetCount );
	if ( *vertices == NULL || *tets == NULL )
	{
		return false;
	}
	for ( int z = 0; z < mz; ++z )
	{
		for ( int y = 0; y < my; ++y )
		{
			for ( int x = 0; x < mx; ++x )
			{
				ttVec3 s = { (ttReal)x / (ttReal)cells[0], (ttReal)y / (ttReal)cells[1], (ttReal)z / (ttReal)cells[2] };
				ttVec3 offset = ttMulComponents( halfExtents, ttSub( ttScale( 2, s ), ( ttVec3 ){ 1, 1, 1 } ) );
				( *vertices )[x + mx * ( y + my * z )] = ttAdd( center, offset );
			}
		}
	}
	static const int orders[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
	int t = 0;
	for ( int z = 0; z < cells[2]; ++z )
	{
		for ( int y = 0; y < cells[1]; ++y )
		{
			for ( int x = 0; x < cells[0]; ++x )
			{
				for ( int o = 0; o < 6; ++o )
				{
					int c[3] = { x, y, z };
					int* tet = *tets + 4 * t++;
					tet[0] = c[0] + mx * ( c[1] + my * c[2] );
					for ( int step = 0; step < 3; ++step )
					{
						c[orders[o][step]] += 1;
						tet[step + 1] = c[0] + mx * ( c[1] + my * c[2] );
					}
				}
			}
		}
	}
	return true;
}

typedef struct ttFace
{
	int sorted[3];   ///< the corners sorted, to find the face's twin
	int oriented[3]; ///< the corners turned so that the normal points out of its tetrahedron
} ttFace;

static int ttCompareFaces( const void* left, const void* right )
{
	const ttFace* a = left;
	const ttFace* b = right;
	for ( int k = 0; k < 3; ++k )
	{
		if ( a->sorted[k] != b->sorted[k] )
		{
			return a->sorted[k] < b->sorted[k] ? -1 : 1;
		}
	}
	return 0;
}

static void ttSort3( int v[3] )
{
	for ( int i = 0; i < 2; ++i )
	{
		for ( int j = 0; j < 2 - i; ++j )
		{
			if ( v[j] > v[j + 1] )
			{
				int swap = v[j];
				v[j] = v[j + 1];
				v[j + 1] = swap;
			}
		}
	}
}

// The faces of the tetrahedra that belong to one tetrahedron only: the surface to draw.
static bool ttSurfaceTriangles( ttParticleGroup* group, const ttVec3* x, const int* tets, int tetCount )
{
	ttFace* faces = malloc( sizeof( ttFace ) * 4 * (size_t)tetCount );
	group->triangles = malloc( sizeof( int ) * 12 * (size_t)tetCount );
	if ( faces == NULL || group->triangles == NULL )
	{
		free( faces );
		return false;
	}
	static const int corners[4][4] = { { 1, 2, 3, 0 }, { 0, 3, 2, 1 }, { 0, 1, 3, 2 }, { 0, 2, 1, 3 } };
	for ( int t = 0; t < tetCount; ++t )
	{
		const int* v = tets + 4 * t;
		for ( int f = 0; f < 4; ++f )
		{
			ttFace* face = faces + 4 * t + f;
			int a = v[corners[f][0]], b = v[corners[f][1]], c = v[corners[f][2]], away = v[corners[f][3]];
			ttVec3 normal = ttCross( ttSub( x[b], x[a] ), ttSub( x[c], x[a] ) );
			bool outward = ttDot( normal, ttSub( x[away], x[a] ) ) < 0;
			face->oriented[0] = a;
			face->oriented[1] = outward ? b : c;
			face->oriented[2] = outward ? c : b;
			memcpy( face->sorted, face->oriented, sizeof( face->sorted ) );
			ttSort3( face->sorted );
		}
	}
	int count = 4 * tetCount;
	qsort( faces, (size_t)count, sizeof( ttFace ), ttCompareFaces );
	group->triangleCount = 0;
	for ( int i = 0; i < count; )
	{
		int end = i + 1;
		while ( end < count && ttCompareFaces( faces + i, faces + end ) == 0 )
		{
			++end;
		}
		if ( end - i == 1 )
		{
			memcpy( group->triangles + 3 * group->triangleCount++, faces[i].oriented, sizeof( faces[i].oriented ) );
		}
		i = end;
	}
	free( faces );
	return true;
}

static const char* const ttSoftKeys[] = { "name",
                                          "box",
                                          "vertices",
                                          "tetrahedra",
                                          "triangles",
                                          "file",
                                          "position",
                                          "density",
                                          "radius",
                                          "edgeCompliance",
                                          "volumeCompliance",
                                          "shapeMatchCompliance",
                                          "shapeMatchClusters",
                                          "damping",
                                          "staticFriction",
                                          "dynamicFriction",
                                          NULL };
static const char* const ttSoftBoxKeys[] = { "center", "halfExtents", "cells", NULL };

static bool ttLoader_SoftBox( ttSceneLoader* loader, const cJSON* item, ttVec3** vertices, int* vertexCount, int** tets,
                              int* tetCount )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* box = cJSON_GetObjectItemCaseSensitive( item, "box" );
	int saved = ttReader_PushKey( r, "box" );
	ttVec3 center = TT_VEC3_ZERO, halfExtents = { (ttReal)0.5, (ttReal)0.5, (ttReal)0.5 };
	int cells[3] = { 2, 2, 2 };
	bool ok = ttReader_IsObject( r, box, NULL ) && ttReader_CheckKeys( r, box, ttSoftBoxKeys ) &&
	          ttReader_Vec3( r, box, "center", ttRange_any, &center ) &&
	          ttReader_Vec3( r, box, "halfExtents", ttRange_positive, &halfExtents );
	const cJSON* cellItem = ok ? cJSON_GetObjectItemCaseSensitive( box, "cells" ) : NULL;
	if ( cellItem != NULL )
	{
		bool valid = cJSON_IsArray( cellItem ) && cJSON_GetArraySize( cellItem ) == 3;
		for ( int k = 0; valid && k < 3; ++k )
		{
			const cJSON* entry = cJSON_GetArrayItem( cellItem, k );
			double v = cJSON_IsNumber( entry ) ? entry->valuedouble : 0;
			valid = v >= 1 && v <= 64 && floor( v ) == v;
			cells[k] = valid ? (int)v : 1;
		}
		ok = valid ? ok : ttReader_Fail( r, "cells", "must be [nx, ny, nz], whole numbers in [1, 64]" );
	}
	if ( ok && ttBoxTetrahedra( center, halfExtents, cells, vertices, vertexCount, tets, tetCount ) == false )
	{
		ok = ttReader_Fail( r, NULL, "out of memory" );
	}
	ttReader_Pop( r, saved );
	return ok;
}

// A soft body from a closed surface: inline "vertices" and "triangles", or an OBJ "file", moved
// by "position"; built by ttBuildSoftBodySurface and drawn as its own triangles.
static bool ttLoader_SoftSurface( ttSceneLoader* loader, const cJSON* item, const ttSoftBodyDef* def, const char* name )
{
	ttMeshFile mesh = { 0 };
	bool ok = ttLoader_TriangleMesh( loader, item, 4, &mesh );
	ttParticleGroup* group = ok ? ttLoader_AddGroup( loader, ttParticleGroup_softBody, name, mesh.vertexCount ) : NULL;
	if ( group != NULL )
	{
		if ( ttBuildSoftBodySurface( loader->scene->worldId, def, mesh.vertices, mesh.vertexCount, mesh.indices,
		                             mesh.triangleCount, group->particles ) != ttResult_ok )
		{
			group->particleCount = 0;
			ok = ttLoader_LibraryError( loader, NULL, "ttBuildSoftBodySurface" );
		}
		else
		{
			group->triangles = mesh.indices;
			group->triangleCount = mesh.triangleCount;
			mesh.indices = NULL;
		}
	}
	ttMeshFile_Free( &mesh );
	return ok && group != NULL;
}

static bool ttLoader_SoftBody( ttSceneLoader* loader, const cJSON* item, int index )
{
	ttSceneReader* r = &loader->reader;
	ttSoftBodyDef def = ttDefaultSoftBodyDef();
	char name[TT_SCENE_NAME_SIZE];
	snprintf( name, sizeof( name ), "softBody%d", index );
	bool ok = ttReader_IsObject( r, item, NULL ) && ttReader_CheckKeys( r, item, ttSoftKeys ) &&
	          ttReader_Name( r, item, "name", false, name, TT_SCENE_NAME_SIZE ) &&
	          ttReader_Number( r, item, "density", ttRange_positive, &def.density ) &&
	          ttReader_Number( r, item, "radius", ttRange_positive, &def.radius ) &&
	          ttReader_Number( r, item, "edgeCompliance", ttRange_any, &def.edgeCompliance ) &&
	          ttReader_Number( r, item, "volumeCompliance", ttRange_any, &def.volumeCompliance ) &&
	          ttReader_Number( r, item, "shapeMatchCompliance", ttRange_any, &def.shapeMatchCompliance ) &&
	          ttReader_Bool( r, item, "shapeMatchClusters", &def.shapeMatchClusters ) &&
	          ttReader_Number( r, item, "damping", ttRange_nonNegative, &def.damping ) &&
	          ttReader_Number( r, item, "staticFriction", ttRange_nonNegative, &def.staticFriction ) &&
	          ttReader_Number( r, item, "dynamicFriction", ttRange_nonNegative, &def.dynamicFriction );
	bool hasBox = ttReader_Has( item, "box" );
	bool surface = ttReader_Has( item, "triangles" ) || ttReader_Has( item, "file" );
	int forms = ( hasBox ? 1 : 0 ) + ( ttReader_Has( item, "tetrahedra" ) ? 1 : 0 ) + ( surface ? 1 : 0 ) +
	            ( ttReader_Has( item, "triangles" ) && ttReader_Has( item, "file" ) ? 1 : 0 );
	if ( ok && forms != 1 )
	{
		ok = ttReader_Fail( r, NULL,
		                    "give one of \"box\", \"vertices\" and \"tetrahedra\", \"vertices\" and \"triangles\" "
		                    "(a closed surface), or a \"file\" (a closed OBJ surface)" );
	}
	if ( ok && surface )
	{
		return ttLoader_SoftSurface( loader, item, &def, name );
	}
	if ( ok && ttReader_Has( item, "position" ) )
	{
		ok = ttReader_Fail( r, "position", "applies to a surface (\"triangles\" or \"file\") only" );
	}
	ttVec3* vertices = NULL;
	int* tets = NULL;
	int vertexCount = 0, tetCount = 0;
	if ( ok && hasBox )
	{
		ok = ttLoader_SoftBox( loader, item, &vertices, &vertexCount, &tets, &tetCount );
	}
	else if ( ok )
	{
		ok = ttReader_Points( r, item, "vertices", 4, 1000000, &vertices, &vertexCount ) &&
		     ttLoader_Indices( loader, item, "tetrahedra", 4, vertexCount, &tets, &tetCount );
	}
	ttParticleGroup* group = ok ? ttLoader_AddGroup( loader, ttParticleGroup_softBody, name, vertexCount ) : NULL;
	if ( group != NULL )
	{
		def.vertices = vertices;
		def.vertexCount = vertexCount;
		def.tetrahedra = tets;
		def.tetrahedronCount = tetCount;
		if ( ttBuildSoftBody( loader->scene->worldId, &def, group->particles ) != ttResult_ok )
		{
			group->particleCount = 0;
			ok = ttLoader_LibraryError( loader, NULL, "ttBuildSoftBody" );
		}
		else if ( ttSurfaceTriangles( group, vertices, tets, tetCount ) == false )
		{
			ok = ttReader_Fail( r, NULL, "out of memory" );
		}
	}
	free( vertices );
	free( tets );
	return ok && group != NULL;
}

// clang-format off
static const char* const ttTireKeys[] = {
    "name", "rim", "center", "axis", "innerRadius", "outerRadius", "width", "segments", "mass", "radius",
    "shapeMatchCompliance", "ringCompliance", "attachCompliance", "damping", "staticFriction", "dynamicFriction",
    "group", NULL };
// clang-format on

// The tire's surface for drawing: between slices j and j + 1 the tread, the bead and both sides,
// each a quad of two triangles (slice j holds bead -, bead +, tread -, tread + at 4 j).
static bool ttTireTriangles( ttParticleGroup* group, int segments )
{
	group->triangleCount = 8 * segments;
	group->triangles = malloc( sizeof( int ) * 3 * (size_t)group->triangleCount );
	if ( group->triangles == NULL )
	{
		return false;
	}
	static const int faces[4][2] = { { 2, 3 }, { 1, 0 }, { 0, 2 }, { 3, 1 } };
	int t = 0;
	for ( int j = 0; j < segments; ++j )
	{
		int here = 4 * j, next = 4 * ( ( j + 1 ) % segments );
		for ( int f = 0; f < 4; ++f )
		{
			int a = here + faces[f][0], b = here + faces[f][1], c = next + faces[f][1], d = next + faces[f][0];
			int quad[6] = { a, b, c, a, c, d };
			memcpy( group->triangles + 6 * t++, quad, sizeof( quad ) );
		}
	}
	return true;
}

// A tire around a rim body (ttBuildTire): "center" and "axis" in the rim's frame.
static bool ttLoader_Tire( ttSceneLoader* loader, const cJSON* item, int index )
{
	ttSceneReader* r = &loader->reader;
	ttTireDef def = ttDefaultTireDef();
	char name[TT_SCENE_NAME_SIZE];
	snprintf( name, sizeof( name ), "tire%d", index );
	bool ok = ttReader_IsObject( r, item, NULL ) && ttReader_CheckKeys( r, item, ttTireKeys ) &&
	          ttReader_Name( r, item, "name", false, name, TT_SCENE_NAME_SIZE );
	if ( ok && ttReader_Has( item, "rim" ) == false )
	{
		ok = ttReader_Fail( r, "rim", "is required (the name of the wheel's body)" );
	}
	ok = ok && ttLoader_BodyRef( loader, item, "rim", false, &def.rim ) &&
	     ttReader_Vec3( r, item, "center", ttRange_any, &def.localCenter ) &&
	     ttReader_Vec3( r, item, "axis", ttRange_any, &def.localAxis ) &&
	     ttReader_Number( r, item, "innerRadius", ttRange_positive, &def.innerRadius ) &&
	     ttReader_Number( r, item, "outerRadius", ttRange_positive, &def.outerRadius ) &&
	     ttReader_Number( r, item, "width", ttRange_positive, &def.width ) &&
	     ttReader_Int( r, item, "segments", 6, 4096, &def.segments ) &&
	     ttReader_Number( r, item, "mass", ttRange_positive, &def.mass ) &&
	     ttReader_Number( r, item, "radius", ttRange_positive, &def.radius ) &&
	     ttReader_Number( r, item, "shapeMatchCompliance", ttRange_nonNegative, &def.shapeMatchCompliance ) &&
	     ttReader_Number( r, item, "ringCompliance", ttRange_any, &def.ringCompliance ) &&
	     ttReader_Number( r, item, "attachCompliance", ttRange_nonNegative, &def.attachCompliance ) &&
	     ttReader_Number( r, item, "damping", ttRange_nonNegative, &def.damping ) &&
	     ttReader_Number( r, item, "staticFriction", ttRange_nonNegative, &def.staticFriction ) &&
	     ttReader_Number( r, item, "dynamicFriction", ttRange_nonNegative, &def.dynamicFriction ) &&
	     ttReader_Int( r, item, "group", 1, 1000000, &def.group );
	ttParticleGroup* group = ok ? ttLoader_AddGroup( loader, ttParticleGroup_tire, name, 4 * def.segments ) : NULL;
	if ( group == NULL )
	{
		return false;
	}
	if ( ttBuildTire( loader->scene->worldId, &def, group->particles ) != ttResult_ok )
	{
		group->particleCount = 0;
		return ttLoader_LibraryError( loader, NULL, "ttBuildTire" );
	}
	return ttTireTriangles( group, def.segments ) ? true : ttReader_Fail( r, NULL, "out of memory" );
}

typedef bool ttItemLoader( ttSceneLoader* loader, const cJSON* item, int index );

static bool ttLoader_Array( ttSceneLoader* loader, const cJSON* root, const char* key, ttItemLoader* load )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* array = cJSON_GetObjectItemCaseSensitive( root, key );
	if ( array == NULL )
	{
		return true;
	}
	if ( cJSON_IsArray( array ) == false )
	{
		return ttReader_Fail( r, key, "must be an array [ {...}, ... ]" );
	}
	int saved = ttReader_PushKey( r, key );
	bool ok = true;
	int index = 0;
	const cJSON* item;
	cJSON_ArrayForEach( item, array )
	{
		int savedIndex = ttReader_PushIndex( r, index );
		ok = load( loader, item, index++ );
		ttReader_Pop( r, savedIndex );
		if ( ok == false )
		{
			break;
		}
	}
	ttReader_Pop( r, saved );
	return ok;
}

bool ttLoader_Particles( ttSceneLoader* loader, const cJSON* root )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* loose = cJSON_GetObjectItemCaseSensitive( root, "particles" );
	int looseGroup = loose != NULL ? loader->scene->particleGroupCount : -1;
	if ( loose != NULL )
	{
		if ( cJSON_IsArray( loose ) == false )
		{
			return ttReader_Fail( r, "particles", "must be an array [ {...}, ... ]" );
		}
		int saved = ttReader_PushKey( r, "particles" );
		bool ok = ttLoader_LooseParticles( loader, loose );
		ttReader_Pop( r, saved );
		if ( ok == false )
		{
			return false;
		}
	}
	bool ok = ttLoader_Array( loader, root, "ropes", ttLoader_Rope ) &&
	          ttLoader_Array( loader, root, "cloths", ttLoader_Cloth ) &&
	          ttLoader_Array( loader, root, "softBodies", ttLoader_SoftBody ) &&
	          ttLoader_Array( loader, root, "tires", ttLoader_Tire );
	// Builders grow the group list: the loose group is found by its place, after them.
	return ok && ttLoader_ParticleConstraints( loader, root,
	                                           looseGroup >= 0 ? loader->scene->particleGroups + looseGroup : NULL );
}
