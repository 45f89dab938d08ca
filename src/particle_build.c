// SPDX-License-Identifier: MIT
// Builders of ropes, cloth and soft bodies out of particles and their constraints. Each checks
// all of its input first; if a creation still fails (memory), what it made is destroyed again,
// so that a failed build leaves the world as it was.
#include "particle_build.h"
#include "bounds.h"
#include "core.h"
#include "particle.h"
#include "world.h"

#include "tether/tether.h"

#include <stdlib.h>
#include <string.h>

ttRopeDef ttDefaultRopeDef( void )
{
	ttRopeDef def = { 0 };
	def.end = ( ttVec3 ){ 1, 0, 0 };
	def.segments = 10;
	def.mass = 1;
	def.radius = (ttReal)0.02;
	def.bendingCompliance = -1;
	def.staticFriction = (ttReal)0.5;
	def.dynamicFriction = (ttReal)0.4;
	def.internalValue = TT_BUILD_DEF_COOKIE;
	return def;
}

ttClothDef ttDefaultClothDef( void )
{
	ttClothDef def = { 0 };
	def.axisU = ( ttVec3 ){ 1, 0, 0 };
	def.axisV = ( ttVec3 ){ 0, 0, 1 };
	def.countU = 10;
	def.countV = 10;
	def.mass = 1;
	def.radius = (ttReal)0.02;
	def.bendingCompliance = (ttReal)1;
	def.areaCompliance = -1;
	def.staticFriction = (ttReal)0.5;
	def.dynamicFriction = (ttReal)0.4;
	def.internalValue = TT_BUILD_DEF_COOKIE;
	return def;
}

ttSoftBodyDef ttDefaultSoftBodyDef( void )
{
	ttSoftBodyDef def = { 0 };
	def.density = 1000;
	def.radius = (ttReal)0.02;
	def.volumeCompliance = 0;
	def.shapeMatchCompliance = -1;
	def.staticFriction = (ttReal)0.5;
	def.dynamicFriction = (ttReal)0.4;
	def.internalValue = TT_BUILD_DEF_COOKIE;
	return def;
}

bool ttBuild_Begin( ttBuild* build, const char* function, ttWorldId worldId, int count, int group )
{
	build->failed = false;
	ttWorld* world = ttResolveWorld( function, worldId );
	if ( world == NULL )
	{
		return false;
	}
	ttParticleSet* set = ttParticles_Get( world );
	build->worldId = worldId;
	build->particles = set != NULL ? ttAlloc( sizeof( ttParticleId ) * (size_t)count ) : NULL;
	build->count = 0;
	build->failed = build->particles == NULL;
	if ( build->failed )
	{
		ttReportError( function, "out of memory" );
		return false;
	}
	build->group = group != 0 ? group : set->nextGroup--;
	return true;
}

void ttBuild_AddParticle( ttBuild* build, ttVec3 position, ttReal mass, ttReal radius, ttReal staticFriction,
                          ttReal dynamicFriction, ttReal damping )
{
	if ( build->failed )
	{
		return;
	}
	ttParticleDef def = ttDefaultParticleDef();
	def.position = position;
	def.mass = mass;
	def.radius = radius;
	def.staticFriction = staticFriction;
	def.dynamicFriction = dynamicFriction;
	def.damping = damping;
	def.group = build->group;
	ttParticleId id = ttCreateParticle( build->worldId, &def );
	build->failed = TT_IS_NULL( id );
	build->particles[build->count] = id;
	build->count += build->failed ? 0 : 1;
}

void ttBuild_Check( ttBuild* build, ttParticleConstraintId id )
{
	build->failed = build->failed || TT_IS_NULL( id );
}

// Undo on failure, hand the ids out on success.
ttResult ttBuild_End( ttBuild* build, ttParticleId* out )
{
	if ( build->failed )
	{
		for ( int i = 0; i < build->count; ++i )
		{
			ttDestroyParticle( build->particles[i] );
		}
	}
	else if ( out != NULL )
	{
		memcpy( out, build->particles, sizeof( ttParticleId ) * (size_t)build->count );
	}
	ttFree( build->particles );
	return build->failed ? ttResult_outOfMemory : ttResult_ok;
}

// The particle fields shared by every builder.
bool ttCheckParticleFields( const char* function, ttReal mass, ttReal radius, ttReal staticFriction,
                            ttReal dynamicFriction, ttReal damping )
{
	ttParticleDef def = ttDefaultParticleDef();
	def.damping = damping;
	def.mass = mass;
	def.radius = radius;
	def.staticFriction = staticFriction;
	def.dynamicFriction = dynamicFriction;
	return ttParticleDef_Check( function, &def );
}

// A compliance that may be negative for "none" when `optional`.
bool ttCheckCompliance( const char* function, const char* name, ttReal compliance, bool optional )
{
	if ( ttIsValidReal( compliance ) == false || ( optional == false && compliance < 0 ) )
	{
		ttReportError( function, "%s must be finite and %s", name, optional ? "(< 0: none)" : ">= 0" );
		return false;
	}
	return true;
}

ttResult ttBuildRope( ttWorldId worldId, const ttRopeDef* def, ttParticleId* particles )
{
	if ( def == NULL || def->internalValue != TT_BUILD_DEF_COOKIE )
	{
		TT_ERROR( "def is NULL or was not initialised with ttDefaultRopeDef" );
		return ttResult_invalidArgument;
	}
	int count = def->segments + 1;
	if ( def->segments < 1 || def->segments > 1000000 || ttIsBoundedVec3( def->start, TT_MAX_POSITION ) == false ||
	     ttIsBoundedVec3( def->end, TT_MAX_POSITION ) == false ||
	     ttCheckParticleFields( __func__, def->mass / count, def->radius, def->staticFriction, def->dynamicFriction,
	                            def->damping ) == false ||
	     def->mass <= 0 || ttCheckCompliance( __func__, "compliance", def->compliance, false ) == false ||
	     ttCheckCompliance( __func__, "bendingCompliance", def->bendingCompliance, true ) == false )
	{
		TT_ERROR( "invalid rope: segments in [1, 1e6], finite ends, mass > 0 and valid particle fields needed" );
		return ttResult_invalidArgument;
	}
	ttBuild build;
	if ( ttBuild_Begin( &build, __func__, worldId, count, def->group ) == false )
	{
		return build.failed ? ttResult_outOfMemory : ttResult_invalidId;
	}
	for ( int i = 0; i < count; ++i )
	{
		ttReal s = (ttReal)i / (ttReal)def->segments;
		bool fixed = ( i == 0 && def->fixStart ) || ( i == def->segments && def->fixEnd );
		ttVec3 x = ttAdd( def->start, ttScale( s, ttSub( def->end, def->start ) ) );
		ttBuild_AddParticle( &build, x, fixed ? 0 : def->mass / count, def->radius, def->staticFriction,
		                     def->dynamicFriction, def->damping );
	}
	for ( int i = 0; i + 1 < count && build.failed == false; ++i )
	{
		ttBuild_Check( &build, ttCreateParticleDistance( worldId, build.particles[i], build.particles[i + 1], -1,
		                                                 def->compliance ) );
	}
	for ( int i = 0; i + 2 < count && def->bendingCompliance >= 0 && build.failed == false; ++i )
	{
		ttBuild_Check( &build, ttCreateParticleDistance( worldId, build.particles[i], build.particles[i + 2], -1,
		                                                 def->bendingCompliance ) );
	}
	return ttBuild_End( &build, particles );
}

int ttCompareEdges( const void* left, const void* right )
{
	const ttEdge* x = left;
	const ttEdge* y = right;
	if ( x->a != y->a )
	{
		return x->a < y->a ? -1 : 1;
	}
	if ( x->b != y->b )
	{
		return x->b < y->b ? -1 : 1;
	}
	return x->opposite < y->opposite ? -1 : ( x->opposite > y->opposite ? 1 : 0 );
}

// Cloth from triangles; `fixed` (may be NULL) marks pinned vertices.
static ttResult ttBuildClothTriangles( const char* function, ttWorldId worldId, const ttClothDef* def,
                                       const ttVec3* vertices, int vertexCount, const int* triangles, int triangleCount,
                                       const bool* fixed, ttParticleId* particles )
{
	if ( vertexCount < 3 || triangleCount < 1 || vertices == NULL || triangles == NULL ||
	     ttCheckParticleFields( function, def->mass, def->radius, def->staticFriction, def->dynamicFriction,
	                            def->damping ) == false ||
	     def->mass <= 0 || ttCheckCompliance( function, "stretchCompliance", def->stretchCompliance, false ) == false ||
	     ttCheckCompliance( function, "bendingCompliance", def->bendingCompliance, true ) == false ||
	     ttCheckCompliance( function, "areaCompliance", def->areaCompliance, true ) == false )
	{
		ttReportError( function, "invalid cloth: >= 3 vertices, >= 1 triangle, mass > 0 and valid fields needed" );
		return ttResult_invalidArgument;
	}
	ttReal* area = ttAlloc( sizeof( ttReal ) * (size_t)vertexCount );
	ttEdge* edges = ttAlloc( sizeof( ttEdge ) * 3 * (size_t)triangleCount );
	if ( area == NULL || edges == NULL )
	{
		ttFree( area );
		ttFree( edges );
		ttReportError( function, "out of memory" );
		return ttResult_outOfMemory;
	}
	memset( area, 0, sizeof( ttReal ) * (size_t)vertexCount );
	ttReal totalArea = 0;
	const char* problem = NULL;
	for ( int i = 0; i < vertexCount && problem == NULL; ++i )
	{
		problem = ttIsBoundedVec3( vertices[i], TT_MAX_POSITION ) ? NULL : "a vertex is not finite or out of range";
	}
	for ( int t = 0; t < triangleCount && problem == NULL; ++t )
	{
		const int* v = triangles + 3 * t;
		if ( v[0] < 0 || v[1] < 0 || v[2] < 0 || v[0] >= vertexCount || v[1] >= vertexCount || v[2] >= vertexCount ||
		     v[0] == v[1] || v[1] == v[2] || v[0] == v[2] )
		{
			problem = "a triangle has a vertex index out of range or repeated";
			break;
		}
		ttVec3 x[3] = { vertices[v[0]], vertices[v[1]], vertices[v[2]] };
		ttReal a = ttTriangleArea( x, NULL );
		if ( a <= 0 )
		{
			problem = "a triangle is degenerate (zero area)";
			break;
		}
		totalArea += a;
		for ( int k = 0; k < 3; ++k )
		{
			area[v[k]] += a / 3;
			int p = v[k], q = v[( k + 1 ) % 3];
			edges[3 * t + k] = ( ttEdge ){ p < q ? p : q, p < q ? q : p, v[( k + 2 ) % 3] };
		}
	}
	for ( int i = 0; i < vertexCount && problem == NULL; ++i )
	{
		problem = area[i] > 0 ? NULL : "a vertex belongs to no triangle";
	}
	ttBuild build;
	if ( problem != NULL || ttBuild_Begin( &build, function, worldId, vertexCount, def->group ) == false )
	{
		if ( problem != NULL )
		{
			ttReportError( function, "%s", problem );
		}
		ttFree( area );
		ttFree( edges );
		return problem != NULL ? ttResult_invalidArgument : ttResult_invalidId;
	}
	for ( int i = 0; i < vertexCount; ++i )
	{
		bool pinned = fixed != NULL && fixed[i];
		ttBuild_AddParticle( &build, vertices[i], pinned ? 0 : def->mass * area[i] / totalArea, def->radius,
		                     def->staticFriction, def->dynamicFriction, def->damping );
	}
	// Sorted edges: runs of equal (a, b) are one edge; a run of two is an interior edge with a
	// bending constraint across it.
	int edgeCount = 3 * triangleCount;
	qsort( edges, (size_t)edgeCount, sizeof( ttEdge ), ttCompareEdges );
	for ( int e = 0; e < edgeCount && build.failed == false; )
	{
		int end = e + 1;
		while ( end < edgeCount && edges[end].a == edges[e].a && edges[end].b == edges[e].b )
		{
			++end;
		}
		const ttParticleId* id = build.particles;
		ttBuild_Check(
		    &build, ttCreateParticleDistance( worldId, id[edges[e].a], id[edges[e].b], -1, def->stretchCompliance ) );
		if ( end - e == 2 && def->bendingCompliance >= 0 && build.failed == false )
		{
			ttParticleId quad[4] = { id[edges[e].a], id[edges[e].b], id[edges[e].opposite], id[edges[e + 1].opposite] };
			ttBuild_Check( &build, ttCreateParticleBending( worldId, quad, def->bendingCompliance ) );
		}
		e = end;
	}
	for ( int t = 0; t < triangleCount && def->areaCompliance >= 0 && build.failed == false; ++t )
	{
		const int* v = triangles + 3 * t;
		ttParticleId corner[3] = { build.particles[v[0]], build.particles[v[1]], build.particles[v[2]] };
		ttBuild_Check( &build, ttCreateParticleArea( worldId, corner, def->areaCompliance ) );
	}
	ttFree( area );
	ttFree( edges );
	return ttBuild_End( &build, particles );
}

ttResult ttBuildClothMesh( ttWorldId worldId, const ttClothDef* def, const ttVec3* vertices, int vertexCount,
                           const int* triangles, int triangleCount, ttParticleId* particles )
{
	if ( def == NULL || def->internalValue != TT_BUILD_DEF_COOKIE )
	{
		TT_ERROR( "def is NULL or was not initialised with ttDefaultClothDef" );
		return ttResult_invalidArgument;
	}
	return ttBuildClothTriangles( __func__, worldId, def, vertices, vertexCount, triangles, triangleCount, NULL,
	                              particles );
}

ttResult ttBuildCloth( ttWorldId worldId, const ttClothDef* def, ttParticleId* particles )
{
	if ( def == NULL || def->internalValue != TT_BUILD_DEF_COOKIE )
	{
		TT_ERROR( "def is NULL or was not initialised with ttDefaultClothDef" );
		return ttResult_invalidArgument;
	}
	int nu = def->countU, nv = def->countV;
	if ( nu < 2 || nv < 2 || nu > 4096 || nv > 4096 || ttIsBoundedVec3( def->origin, TT_MAX_POSITION ) == false ||
	     ttIsBoundedVec3( def->axisU, TT_MAX_POSITION ) == false ||
	     ttIsBoundedVec3( def->axisV, TT_MAX_POSITION ) == false )
	{
		TT_ERROR( "countU and countV must be in [2, 4096] and origin and axes finite" );
		return ttResult_invalidArgument;
	}
	int vertexCount = nu * nv;
	int triangleCount = 2 * ( nu - 1 ) * ( nv - 1 );
	ttVec3* vertices = ttAlloc( sizeof( ttVec3 ) * (size_t)vertexCount );
	int* triangles = ttAlloc( sizeof( int ) * 3 * (size_t)triangleCount );
	bool* fixed = ttAlloc( sizeof( bool ) * (size_t)vertexCount );
	if ( vertices == NULL || triangles == NULL || fixed == NULL )
	{
		ttFree( vertices );
		ttFree( triangles );
		ttFree( fixed );
		TT_ERROR( "out of memory" );
		return ttResult_outOfMemory;
	}
	for ( int v = 0; v < nv; ++v )
	{
		for ( int u = 0; u < nu; ++u )
		{
			int i = u + nu * v;
			ttReal su = (ttReal)u / (ttReal)( nu - 1 ), sv = (ttReal)v / (ttReal)( nv - 1 );
			vertices[i] = ttAdd( def->origin, ttAdd( ttScale( su, def->axisU ), ttScale( sv, def->axisV ) ) );
			fixed[i] = ( v == 0 && def->fixEdgeV0 ) || ( u == 0 && v == 0 && def->fixCornerU0V0 ) ||
			           ( u == nu - 1 && v == 0 && def->fixCornerU1V0 ) ||
			           ( u == 0 && v == nv - 1 && def->fixCornerU0V1 ) ||
			           ( u == nu - 1 && v == nv - 1 && def->fixCornerU1V1 );
		}
	}
	// Alternate the diagonals so that the cloth has no preferred shear direction.
	int t = 0;
	for ( int v = 0; v + 1 < nv; ++v )
	{
		for ( int u = 0; u + 1 < nu; ++u )
		{
			int a = u + nu * v, b = a + 1, c = a + nu, d = c + 1;
			int quad[6] = { a, b, d, a, d, c };
			if ( ( u + v ) % 2 == 1 )
			{
				int other[6] = { a, b, c, b, d, c };
				memcpy( quad, other, sizeof( quad ) );
			}
			memcpy( triangles + 6 * t, quad, sizeof( quad ) );
			++t;
		}
	}
	ttResult result = ttBuildClothTriangles( __func__, worldId, def, vertices, vertexCount, triangles, triangleCount,
	                                         fixed, particles );
	ttFree( vertices );
	ttFree( triangles );
	ttFree( fixed );
	return result;
}

// Shape matching in overlapping clusters (Mueller et al. 2005, section 4.4): one per vertex, of
// the vertex and its edge neighbours, so that the body bends locally while each neighbourhood
// keeps its shape. `edges` is sorted, with repeats.
void ttAddVertexClusters( ttBuild* build, const ttEdge* edges, int edgeCount, int n, ttReal compliance )
{
	int* offsets = ttAlloc( sizeof( int ) * (size_t)( n + 1 ) );
	int* neighbours = ttAlloc( sizeof( int ) * 2 * (size_t)edgeCount );
	ttParticleId* cluster = ttAlloc( sizeof( ttParticleId ) * (size_t)( n + 1 ) );
	build->failed = build->failed || offsets == NULL || neighbours == NULL || cluster == NULL;
	if ( build->failed == false )
	{
		memset( offsets, 0, sizeof( int ) * (size_t)( n + 1 ) );
		for ( int e = 0; e < edgeCount; ++e )
		{
			if ( e == 0 || edges[e].a != edges[e - 1].a || edges[e].b != edges[e - 1].b )
			{
				offsets[edges[e].a + 1] += 1;
				offsets[edges[e].b + 1] += 1;
			}
		}
		for ( int i = 0; i < n; ++i )
		{
			offsets[i + 1] += offsets[i];
		}
		int* cursor = ttAlloc( sizeof( int ) * (size_t)n );
		build->failed = cursor == NULL;
		for ( int i = 0; cursor != NULL && i < n; ++i )
		{
			cursor[i] = offsets[i];
		}
		for ( int e = 0; cursor != NULL && e < edgeCount; ++e )
		{
			if ( e == 0 || edges[e].a != edges[e - 1].a || edges[e].b != edges[e - 1].b )
			{
				neighbours[cursor[edges[e].a]++] = edges[e].b;
				neighbours[cursor[edges[e].b]++] = edges[e].a;
			}
		}
		ttFree( cursor );
	}
	for ( int i = 0; build->failed == false && i < n; ++i )
	{
		int count = 0;
		cluster[count++] = build->particles[i];
		for ( int k = offsets[i]; k < offsets[i + 1]; ++k )
		{
			cluster[count++] = build->particles[neighbours[k]];
		}
		ttBuild_Check( build, ttCreateParticleShapeMatch( build->worldId, cluster, count, compliance ) );
	}
	ttFree( offsets );
	ttFree( neighbours );
	ttFree( cluster );
}

void ttBuild_AddEdgeDistances( ttBuild* build, const ttEdge* edges, int edgeCount, ttReal compliance )
{
	for ( int e = 0; e < edgeCount && build->failed == false; ++e )
	{
		if ( e > 0 && edges[e].a == edges[e - 1].a && edges[e].b == edges[e - 1].b )
		{
			continue;
		}
		ttBuild_Check( build, ttCreateParticleDistance( build->worldId, build->particles[edges[e].a],
		                                                build->particles[edges[e].b], -1, compliance ) );
	}
}

void ttBuild_AddShapeMatching( ttBuild* build, const ttEdge* edges, int edgeCount, int n, ttReal compliance,
                               bool clusters )
{
	if ( build->failed )
	{
		return;
	}
	if ( clusters )
	{
		ttAddVertexClusters( build, edges, edgeCount, n, compliance );
	}
	else
	{
		ttBuild_Check( build, ttCreateParticleShapeMatch( build->worldId, build->particles, n, compliance ) );
	}
}

ttResult ttBuildSoftBody( ttWorldId worldId, const ttSoftBodyDef* def, ttParticleId* particles )
{
	if ( def == NULL || def->internalValue != TT_BUILD_DEF_COOKIE )
	{
		TT_ERROR( "def is NULL or was not initialised with ttDefaultSoftBodyDef" );
		return ttResult_invalidArgument;
	}
	int n = def->vertexCount;
	if ( n < 4 || def->tetrahedronCount < 1 || def->vertices == NULL || def->tetrahedra == NULL ||
	     ttIsValidReal( def->density ) == false || def->density < TT_MIN_DENSITY || def->density > TT_MAX_DENSITY ||
	     ttCheckParticleFields( __func__, 1, def->radius, def->staticFriction, def->dynamicFriction, def->damping ) ==
	         false ||
	     ttCheckCompliance( __func__, "edgeCompliance", def->edgeCompliance, true ) == false ||
	     ttCheckCompliance( __func__, "volumeCompliance", def->volumeCompliance, true ) == false ||
	     ttCheckCompliance( __func__, "shapeMatchCompliance", def->shapeMatchCompliance, true ) == false )
	{
		TT_ERROR( "invalid soft body: >= 4 vertices, >= 1 tetrahedron, density within [TT_MIN_DENSITY, "
		          "TT_MAX_DENSITY] and valid fields needed" );
		return ttResult_invalidArgument;
	}
	ttReal* mass = ttAlloc( sizeof( ttReal ) * (size_t)n );
	ttEdge* edges = ttAlloc( sizeof( ttEdge ) * 6 * (size_t)def->tetrahedronCount );
	if ( mass == NULL || edges == NULL )
	{
		ttFree( mass );
		ttFree( edges );
		TT_ERROR( "out of memory" );
		return ttResult_outOfMemory;
	}
	memset( mass, 0, sizeof( ttReal ) * (size_t)n );
	int problemIndex = -1;
	const char* problem = NULL;
	for ( int i = 0; i < n && problem == NULL; ++i )
	{
		if ( ttIsBoundedVec3( def->vertices[i], TT_MAX_POSITION ) == false )
		{
			problem = "vertex is not finite or out of range";
			problemIndex = i;
		}
	}
	static const int s_tetEdges[6][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }, { 2, 3 } };
	for ( int t = 0; t < def->tetrahedronCount && problem == NULL; ++t )
	{
		const int* v = def->tetrahedra + 4 * t;
		bool inRange = true;
		for ( int k = 0; k < 4; ++k )
		{
			inRange = inRange && v[k] >= 0 && v[k] < n;
		}
		if ( inRange == false )
		{
			problem = "tetrahedron has a vertex index out of range";
			problemIndex = t;
			break;
		}
		ttVec3 x[4] = { def->vertices[v[0]], def->vertices[v[1]], def->vertices[v[2]], def->vertices[v[3]] };
		ttReal volume;
		if ( ttIsDegenerateTetrahedron( x, &volume ) )
		{
			problem = "tetrahedron is degenerate (flat: volume below 1e-6 of its longest edge cubed)";
			problemIndex = t;
			break;
		}
		for ( int k = 0; k < 4; ++k )
		{
			mass[v[k]] += def->density * ( volume < 0 ? -volume : volume ) / 4;
		}
		for ( int e = 0; e < 6; ++e )
		{
			int a = v[s_tetEdges[e][0]], b = v[s_tetEdges[e][1]];
			edges[6 * t + e] = ( ttEdge ){ a < b ? a : b, a < b ? b : a, 0 };
		}
	}
	for ( int i = 0; i < n && problem == NULL; ++i )
	{
		if ( mass[i] <= 0 || mass[i] < TT_MIN_MASS || mass[i] > TT_MAX_MASS )
		{
			problem = "vertex belongs to no tetrahedron or its mass is outside [TT_MIN_MASS, TT_MAX_MASS]";
			problemIndex = i;
		}
	}
	ttBuild build;
	if ( problem != NULL || ttBuild_Begin( &build, __func__, worldId, n, def->group ) == false )
	{
		if ( problem != NULL )
		{
			TT_ERROR( "%s %d: %s", strncmp( problem, "tetra", 5 ) == 0 ? "tetrahedra" : "vertices", problemIndex,
			          problem );
		}
		ttFree( mass );
		ttFree( edges );
		return problem != NULL ? ttResult_invalidArgument : ttResult_invalidId;
	}
	for ( int i = 0; i < n; ++i )
	{
		ttBuild_AddParticle( &build, def->vertices[i], mass[i], def->radius, def->staticFriction, def->dynamicFriction,
		                     def->damping );
	}
	int edgeCount = 6 * def->tetrahedronCount;
	qsort( edges, (size_t)edgeCount, sizeof( ttEdge ), ttCompareEdges );
	if ( def->edgeCompliance >= 0 )
	{
		ttBuild_AddEdgeDistances( &build, edges, edgeCount, def->edgeCompliance );
	}
	for ( int t = 0; t < def->tetrahedronCount && def->volumeCompliance >= 0 && build.failed == false; ++t )
	{
		const int* v = def->tetrahedra + 4 * t;
		ttParticleId corner[4] = { build.particles[v[0]], build.particles[v[1]], build.particles[v[2]],
		                           build.particles[v[3]] };
		ttBuild_Check( &build, ttCreateParticleVolume( worldId, corner, def->volumeCompliance ) );
	}
	if ( def->shapeMatchCompliance >= 0 )
	{
		ttBuild_AddShapeMatching( &build, edges, edgeCount, n, def->shapeMatchCompliance, def->shapeMatchClusters );
	}
	ttFree( mass );
	ttFree( edges );
	return ttBuild_End( &build, particles );
}
