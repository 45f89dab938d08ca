// SPDX-License-Identifier: MIT
// Soft bodies from a closed surface mesh (issue 12, item 3): a particle at every vertex, distance
// constraints along the mesh edges and shape matching, over all vertices or in overlapping
// clusters, to keep the shape (Mueller et al. 2005). A surface mesh has no tetrahedra, so no
// volume constraints: the shape matching holds the volume (tests/test_particle_soft_surface.c).
#include "bounds.h"
#include "core.h"
#include "particle_build.h"

#include "tether/math_functions.h"
#include "tether/tether.h"

#include <stdlib.h>
#include <string.h>

// Why the triangles do not make a closed surface, or NULL; `index` names the culprit.
static const char* ttCheckSurface( const ttVec3* vertices, int vertexCount, const int* triangles, int triangleCount,
                                   const ttEdge* sortedEdges, int* index )
{
	for ( int i = 0; i < vertexCount; ++i )
	{
		if ( ttIsBoundedVec3( vertices[i], TT_MAX_POSITION ) == false )
		{
			*index = i;
			return "vertex is not finite or out of range";
		}
	}
	for ( int t = 0; t < triangleCount; ++t )
	{
		const int* v = triangles + 3 * t;
		*index = t;
		for ( int k = 0; k < 3; ++k )
		{
			if ( v[k] < 0 || v[k] >= vertexCount )
			{
				return "triangle has a vertex index out of range";
			}
		}
		ttVec3 a = vertices[v[0]], b = vertices[v[1]], c = vertices[v[2]];
		ttVec3 normal = ttCross( ttSub( b, a ), ttSub( c, a ) );
		ttReal longest = ttMaxReal( ttLengthSquared( ttSub( b, a ) ),
		                            ttMaxReal( ttLengthSquared( ttSub( c, a ) ), ttLengthSquared( ttSub( c, b ) ) ) );
		if ( ttLength( normal ) <= (ttReal)1e-6 * longest || longest == 0 )
		{
			return "triangle is degenerate (area below 1e-6 of its longest edge squared)";
		}
	}
	// Closed: every edge is shared by exactly two triangles.
	int edgeCount = 3 * triangleCount;
	for ( int e = 0; e < edgeCount; )
	{
		int run = 1;
		while ( e + run < edgeCount && sortedEdges[e + run].a == sortedEdges[e].a &&
		        sortedEdges[e + run].b == sortedEdges[e].b )
		{
			++run;
		}
		if ( run != 2 )
		{
			*index = sortedEdges[e].a;
			return run == 1 ? "the surface is not closed: an edge from this vertex has one triangle"
			                : "an edge from this vertex has more than two triangles";
		}
		e += run;
	}
	return NULL;
}

ttResult ttBuildSoftBodySurface( ttWorldId worldId, const ttSoftBodyDef* def, const ttVec3* vertices, int vertexCount,
                                 const int* triangles, int triangleCount, ttParticleId* particles )
{
	if ( def == NULL || def->internalValue != TT_BUILD_DEF_COOKIE )
	{
		TT_ERROR( "def is NULL or was not initialised with ttDefaultSoftBodyDef" );
		return ttResult_invalidArgument;
	}
	int n = vertexCount;
	if ( n < 4 || triangleCount < 4 || vertices == NULL || triangles == NULL || triangleCount > 1000000000 / 3 ||
	     ttIsValidReal( def->density ) == false || def->density < TT_MIN_DENSITY || def->density > TT_MAX_DENSITY ||
	     ttCheckParticleFields( __func__, 1, def->radius, def->staticFriction, def->dynamicFriction, def->damping ) ==
	         false ||
	     ttCheckCompliance( __func__, "edgeCompliance", def->edgeCompliance, true ) == false ||
	     ttCheckCompliance( __func__, "shapeMatchCompliance", def->shapeMatchCompliance, true ) == false )
	{
		TT_ERROR( "invalid soft body surface: >= 4 vertices, >= 4 triangles, density within [TT_MIN_DENSITY, "
		          "TT_MAX_DENSITY] and valid fields needed" );
		return ttResult_invalidArgument;
	}
	if ( def->shapeMatchCompliance < 0 )
	{
		TT_ERROR( "a surface soft body keeps its shape by shape matching: shapeMatchCompliance must be >= 0" );
		return ttResult_invalidArgument;
	}
	int edgeCount = 3 * triangleCount;
	ttReal* mass = ttAlloc( sizeof( ttReal ) * (size_t)n );
	ttEdge* edges = ttAlloc( sizeof( ttEdge ) * (size_t)edgeCount );
	if ( mass == NULL || edges == NULL )
	{
		ttFree( mass );
		ttFree( edges );
		TT_ERROR( "out of memory" );
		return ttResult_outOfMemory;
	}
	for ( int t = 0; t < triangleCount; ++t )
	{
		for ( int k = 0; k < 3; ++k )
		{
			// Only stored here: ttCheckSurface checks the indices before any vertex is read.
			int a = triangles[3 * t + k], b = triangles[3 * t + ( k + 1 ) % 3];
			edges[3 * t + k] = ( ttEdge ){ a < b ? a : b, a < b ? b : a, triangles[3 * t + ( k + 2 ) % 3] };
		}
	}
	qsort( edges, (size_t)edgeCount, sizeof( ttEdge ), ttCompareEdges );
	int problemIndex = -1;
	const char* problem = ttCheckSurface( vertices, n, triangles, triangleCount, edges, &problemIndex );
	// The enclosed volume by the divergence theorem; its mass is shared by the vertices in
	// proportion to the area around them (a third of each triangle's).
	ttReal volume = 0, area = 0;
	memset( mass, 0, sizeof( ttReal ) * (size_t)n );
	for ( int t = 0; t < triangleCount && problem == NULL; ++t )
	{
		const int* v = triangles + 3 * t;
		ttVec3 a = vertices[v[0]], b = vertices[v[1]], c = vertices[v[2]];
		volume += ttDot( a, ttCross( b, c ) ) / 6;
		ttReal triangleArea = ttLength( ttCross( ttSub( b, a ), ttSub( c, a ) ) ) / 2;
		area += triangleArea;
		for ( int k = 0; k < 3; ++k )
		{
			mass[v[k]] += triangleArea / 3;
		}
	}
	if ( problem == NULL && ( volume < 0 ? -volume : volume ) <= (ttReal)1e-9 * area * ttSqrt( area ) )
	{
		problem = "the surface encloses no volume";
		problemIndex = 0;
	}
	ttReal totalMass = def->density * ( volume < 0 ? -volume : volume );
	for ( int i = 0; i < n && problem == NULL; ++i )
	{
		mass[i] *= totalMass / area;
		if ( mass[i] <= 0 || mass[i] < TT_MIN_MASS || mass[i] > TT_MAX_MASS )
		{
			problem = "vertex belongs to no triangle or its mass is outside [TT_MIN_MASS, TT_MAX_MASS]";
			problemIndex = i;
		}
	}
	ttBuild build;
	if ( problem != NULL || ttBuild_Begin( &build, __func__, worldId, n, def->group ) == false )
	{
		if ( problem != NULL )
		{
			TT_ERROR( "%s %d: %s", strncmp( problem, "triangle", 8 ) == 0 ? "triangles" : "vertices", problemIndex,
			          problem );
		}
		ttFree( mass );
		ttFree( edges );
		return problem != NULL ? ttResult_invalidArgument : ttResult_invalidId;
	}
	for ( int i = 0; i < n; ++i )
	{
		ttBuild_AddParticle( &build, vertices[i], mass[i], def->radius, def->staticFriction, def->dynamicFriction,
		                     def->damping );
	}
	if ( def->edgeCompliance >= 0 )
	{
		ttBuild_AddEdgeDistances( &build, edges, edgeCount, def->edgeCompliance );
	}
	ttBuild_AddShapeMatching( &build, edges, edgeCount, n, def->shapeMatchCompliance, def->shapeMatchClusters );
	ttFree( mass );
	ttFree( edges );
	return ttBuild_End( &build, particles );
}
