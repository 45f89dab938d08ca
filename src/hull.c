// SPDX-License-Identifier: MIT
// Quickhull (Barber, Dobkin and Huhdanpaa 1996) in its incremental "farthest point first" form:
// start from a tetrahedron of extreme points, then repeatedly add the point farthest outside any
// face, replacing the faces it sees by a cone over their horizon. Points within a tolerance of a
// face count as on it, which makes duplicates and near-coplanar points harmless. Finally adjacent
// triangles that lie within the tolerance of one plane are merged into polygons, and the
// polygons' edges are listed with both adjacent faces.
#include "hull.h"

#include "bounds.h"
#include "core.h"

#include "tether/tether.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// Points closer than this (relative to the cloud's size) to a face plane are on it. Float builds
// need a looser bound: plane distances carry errors of a few ulps of the coordinates.
#if defined( TT_USE_FLOAT )
#define TT_HULL_RELATIVE_TOLERANCE ( (ttReal)2e-5 )
#else
#define TT_HULL_RELATIVE_TOLERANCE ( (ttReal)1e-7 )
#endif

// While building, a new point can swallow earlier vertices, so the working hull may briefly hold
// more vertices than the result; the cap on the result is checked when the polygons are built.
// Live triangles never exceed 2V - 4, and one addition creates at most V new ones before the dead
// ones are compacted away.
#define TT_HULL_WORK_VERTICES ( 2 * TT_MAX_HULL_VERTICES )
#define TT_HULL_WORK_TRIANGLES ( 3 * TT_HULL_WORK_VERTICES )

typedef struct ttHullTriangle
{
	int v[3]; ///< input point indices, counter-clockwise seen from outside
	ttVec3 normal;
	ttReal offset;
	bool visible;
} ttHullTriangle;

typedef struct ttHullBuilder
{
	const ttVec3* points;
	int pointCount;
	ttReal tolerance;
	ttHullTriangle triangles[TT_HULL_WORK_TRIANGLES];
	int triangleCount;
	int hullVertexCount;
	int stack[TT_HULL_WORK_TRIANGLES];
	int horizon[2 * TT_HULL_WORK_TRIANGLES];
	int group[TT_HULL_WORK_TRIANGLES];
} ttHullBuilder;

static void ttHullError( char* error, int errorSize, const char* format, ... )
{
	va_list args;
	va_start( args, format );
	vsnprintf( error, (size_t)errorSize, format, args );
	va_end( args );
}

static bool ttHull_SetTriangle( ttHullBuilder* b, ttHullTriangle* t, int i0, int i1, int i2 )
{
	t->v[0] = i0;
	t->v[1] = i1;
	t->v[2] = i2;
	t->visible = false;
	ttVec3 p0 = b->points[i0];
	ttVec3 n = ttCross( ttSub( b->points[i1], p0 ), ttSub( b->points[i2], p0 ) );
	ttReal length = ttLength( n );
	if ( length <= 0 )
	{
		return false;
	}
	t->normal = ttScale( 1 / length, n );
	t->offset = ttDot( t->normal, p0 );
	return true;
}

static ttReal ttHull_Distance( const ttHullTriangle* t, ttVec3 p )
{
	return ttDot( t->normal, p ) - t->offset;
}

// The triangle holding the directed edge (a, b), or -1.
static int ttHull_FindEdge( const ttHullBuilder* b, int a, int c )
{
	for ( int i = 0; i < b->triangleCount; ++i )
	{
		const int* v = b->triangles[i].v;
		if ( ( v[0] == a && v[1] == c ) || ( v[1] == a && v[2] == c ) || ( v[2] == a && v[0] == c ) )
		{
			return i;
		}
	}
	return -1;
}

// Four affinely independent extreme points: the farthest pair among the axis extremes, the point
// farthest from their line, the point farthest from their plane.
static bool ttHull_InitialTetrahedron( ttHullBuilder* b, char* error, int errorSize )
{
	const ttVec3* p = b->points;
	int extremes[6] = { 0, 0, 0, 0, 0, 0 };
	for ( int i = 1; i < b->pointCount; ++i )
	{
		ttReal c[3] = { p[i].x, p[i].y, p[i].z };
		for ( int axis = 0; axis < 3; ++axis )
		{
			ttReal lo[3] = { p[extremes[2 * axis]].x, p[extremes[2 * axis]].y, p[extremes[2 * axis]].z };
			ttReal hi[3] = { p[extremes[2 * axis + 1]].x, p[extremes[2 * axis + 1]].y, p[extremes[2 * axis + 1]].z };
			extremes[2 * axis] = c[axis] < lo[axis] ? i : extremes[2 * axis];
			extremes[2 * axis + 1] = c[axis] > hi[axis] ? i : extremes[2 * axis + 1];
		}
	}
	int i0 = 0, i1 = 0;
	ttReal best = -1;
	for ( int i = 0; i < 6; ++i )
	{
		for ( int j = i + 1; j < 6; ++j )
		{
			ttReal d = ttDistance( p[extremes[i]], p[extremes[j]] );
			if ( d > best )
			{
				best = d;
				i0 = extremes[i];
				i1 = extremes[j];
			}
		}
	}
	b->tolerance = TT_HULL_RELATIVE_TOLERANCE * ttMaxReal( best, (ttReal)1e-30 );
	if ( best <= b->tolerance * 10 || best <= 0 )
	{
		ttHullError( error, errorSize, "all %d points coincide: a hull needs 4 points not in one plane",
		             b->pointCount );
		return false;
	}
	ttVec3 axis = ttScale( 1 / best, ttSub( p[i1], p[i0] ) );
	int i2 = -1;
	best = b->tolerance;
	for ( int i = 0; i < b->pointCount; ++i )
	{
		ttVec3 d = ttSub( p[i], p[i0] );
		ttReal off = ttLength( ttMulAdd( d, -ttDot( d, axis ), axis ) );
		if ( off > best )
		{
			best = off;
			i2 = i;
		}
	}
	if ( i2 < 0 )
	{
		ttHullError( error, errorSize, "all %d points lie on one line: a hull needs 4 points not in one plane",
		             b->pointCount );
		return false;
	}
	ttVec3 n = ttNormalize( ttCross( ttSub( p[i1], p[i0] ), ttSub( p[i2], p[i0] ) ) );
	int i3 = -1;
	best = b->tolerance * 10;
	for ( int i = 0; i < b->pointCount; ++i )
	{
		ttReal off = ttAbs( ttDot( n, ttSub( p[i], p[i0] ) ) );
		if ( off > best )
		{
			best = off;
			i3 = i;
		}
	}
	if ( i3 < 0 )
	{
		ttHullError( error, errorSize, "the %d points are (nearly) coplanar: a hull needs 4 points not in one plane",
		             b->pointCount );
		return false;
	}
	// Orient so that the fourth point is behind the first face.
	if ( ttDot( n, ttSub( p[i3], p[i0] ) ) > 0 )
	{
		int swap = i1;
		i1 = i2;
		i2 = swap;
	}
	int faces[4][3] = { { i0, i1, i2 }, { i0, i3, i1 }, { i1, i3, i2 }, { i2, i3, i0 } };
	for ( int f = 0; f < 4; ++f )
	{
		if ( ttHull_SetTriangle( b, b->triangles + f, faces[f][0], faces[f][1], faces[f][2] ) == false )
		{
			ttHullError( error, errorSize, "degenerate initial tetrahedron" );
			return false;
		}
	}
	b->triangleCount = 4;
	b->hullVertexCount = 4;
	return true;
}

// Replace the faces that point `eye` sees by a cone from `eye` over their horizon. The visible set
// grows from `seed` across edges, so it stays connected even when rounding makes a distant face
// look visible.
static bool ttHull_AddPoint( ttHullBuilder* b, int eye, int seed )
{
	ttVec3 p = b->points[eye];
	int top = 0;
	b->stack[top++] = seed;
	b->triangles[seed].visible = true;
	int horizonCount = 0;
	while ( top > 0 )
	{
		ttHullTriangle* t = b->triangles + b->stack[--top];
		for ( int e = 0; e < 3; ++e )
		{
			int a = t->v[e], c = t->v[( e + 1 ) % 3];
			int neighbour = ttHull_FindEdge( b, c, a );
			if ( neighbour < 0 )
			{
				return false;
			}
			ttHullTriangle* n = b->triangles + neighbour;
			if ( n->visible )
			{
				continue;
			}
			if ( ttHull_Distance( n, p ) > 0 )
			{
				n->visible = true;
				b->stack[top++] = neighbour;
			}
		}
	}
	// Horizon: edges of visible triangles whose neighbour stayed.
	for ( int i = 0; i < b->triangleCount; ++i )
	{
		ttHullTriangle* t = b->triangles + i;
		if ( t->visible == false )
		{
			continue;
		}
		for ( int e = 0; e < 3; ++e )
		{
			int a = t->v[e], c = t->v[( e + 1 ) % 3];
			int neighbour = ttHull_FindEdge( b, c, a );
			if ( b->triangles[neighbour].visible == false )
			{
				b->horizon[2 * horizonCount] = a;
				b->horizon[2 * horizonCount + 1] = c;
				horizonCount += 1;
			}
		}
	}
	// Compact, then append the cone.
	int live = 0;
	for ( int i = 0; i < b->triangleCount; ++i )
	{
		if ( b->triangles[i].visible == false )
		{
			b->triangles[live++] = b->triangles[i];
		}
	}
	if ( live + horizonCount > TT_HULL_WORK_TRIANGLES )
	{
		return false;
	}
	b->triangleCount = live;
	for ( int h = 0; h < horizonCount; ++h )
	{
		ttHullTriangle* t = b->triangles + b->triangleCount++;
		if ( ttHull_SetTriangle( b, t, b->horizon[2 * h], b->horizon[2 * h + 1], eye ) == false )
		{
			// A zero-area cone face: the eye is on the line of a horizon edge. Keep the topology and
			// give it the normal of the face it replaces; merging absorbs it.
			t->normal = ttNormalize(
			    ttCross( ttSub( b->points[t->v[1]], b->points[t->v[0]] ), ttSub( p, b->points[t->v[0]] ) ) );
			t->offset = ttDot( t->normal, p );
		}
	}
	// Count the vertices still on the hull (earlier ones may now be inside).
	int seen[3 * TT_HULL_WORK_TRIANGLES];
	int seenCount = 0;
	for ( int i = 0; i < b->triangleCount; ++i )
	{
		for ( int e = 0; e < 3; ++e )
		{
			int v = b->triangles[i].v[e], k = 0;
			while ( k < seenCount && seen[k] != v )
			{
				k += 1;
			}
			seen[seenCount] = v;
			seenCount += k == seenCount ? 1 : 0;
		}
	}
	b->hullVertexCount = seenCount;
	return true;
}

// Newell's normal of a polygon, twice its area in length: robust for nearly degenerate and
// non-planar loops.
static ttVec3 ttHull_NewellArea( const ttVec3* v, const uint8_t* loop, int count )
{
	ttVec3 n = TT_VEC3_ZERO;
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 a = v[loop[i]], c = v[loop[( i + 1 ) % count]];
		n.x += ( a.y - c.y ) * ( a.z + c.z );
		n.y += ( a.z - c.z ) * ( a.x + c.x );
		n.z += ( a.x - c.x ) * ( a.y + c.y );
	}
	return n;
}

static ttVec3 ttHull_NewellNormal( const ttVec3* v, const uint8_t* loop, int count )
{
	return ttNormalize( ttHull_NewellArea( v, loop, count ) );
}

// Every face must have an area: points in a row on an edge (within rounding) can leave a face of
// collinear vertices, whose normal is zero, and the collision routines would use it (found by
// fuzz_narrowphase: a box inside a hull got a contact with a zero normal).
static bool ttHull_CheckFaceAreas( const ttHullData* hull, char* error, int errorSize )
{
	ttReal extent = 0;
	for ( int i = 0; i < hull->vertexCount; ++i )
	{
		extent = ttMaxReal( extent, ttLength( hull->vertices[i] ) );
	}
	for ( int f = 0; f < hull->faceCount; ++f )
	{
		const ttHullFace* face = hull->faces + f;
		ttReal twiceArea =
		    ttLength( ttHull_NewellArea( hull->vertices, hull->indices + face->firstIndex, face->count ) );
		if ( !( twiceArea > (ttReal)1e-12 * extent * extent ) )
		{
			ttHullError( error, errorSize,
			             "numerically degenerate hull (face %d has no area: points in a row along an edge; "
			             "remove the middle ones)",
			             f );
			return false;
		}
	}
	return true;
}

// Group triangles lying within the tolerance of one seed plane (a fixed plane, so that a finely
// tessellated curved surface cannot creep into one face), largest triangles first.
static int ttHull_GroupTriangles( ttHullBuilder* b )
{
	int order[TT_HULL_WORK_TRIANGLES];
	ttReal area[TT_HULL_WORK_TRIANGLES];
	for ( int i = 0; i < b->triangleCount; ++i )
	{
		const int* v = b->triangles[i].v;
		area[i] =
		    ttLength( ttCross( ttSub( b->points[v[1]], b->points[v[0]] ), ttSub( b->points[v[2]], b->points[v[0]] ) ) );
		order[i] = i;
		b->group[i] = -1;
	}
	for ( int i = 1; i < b->triangleCount; ++i )
	{
		int key = order[i], j = i - 1;
		while ( j >= 0 && area[order[j]] < area[key] )
		{
			order[j + 1] = order[j];
			j -= 1;
		}
		order[j + 1] = key;
	}
	int groupCount = 0;
	for ( int k = 0; k < b->triangleCount; ++k )
	{
		int seed = order[k];
		if ( b->group[seed] >= 0 )
		{
			continue;
		}
		const ttHullTriangle* plane = b->triangles + seed;
		b->group[seed] = groupCount;
		int top = 0;
		b->stack[top++] = seed;
		while ( top > 0 )
		{
			const ttHullTriangle* t = b->triangles + b->stack[--top];
			for ( int e = 0; e < 3; ++e )
			{
				int neighbour = ttHull_FindEdge( b, t->v[( e + 1 ) % 3], t->v[e] );
				if ( neighbour < 0 || b->group[neighbour] >= 0 )
				{
					continue;
				}
				const ttHullTriangle* n = b->triangles + neighbour;
				bool coplanar = ttDot( n->normal, plane->normal ) > 0;
				for ( int j = 0; j < 3 && coplanar; ++j )
				{
					coplanar = ttAbs( ttHull_Distance( plane, b->points[n->v[j]] ) ) <= b->tolerance;
				}
				if ( coplanar )
				{
					b->group[neighbour] = groupCount;
					b->stack[top++] = neighbour;
				}
			}
		}
		groupCount += 1;
	}
	return groupCount;
}

// Turn the triangle groups into polygons (boundary loops), with vertices renumbered compactly.
static bool ttHull_BuildPolygons( ttHullBuilder* b, int groupCount, ttHullData* hull, char* error, int errorSize )
{
	int remap[TT_HULL_WORK_VERTICES];
	int remapInput[TT_HULL_WORK_VERTICES];
	int remapCount = 0;
	hull->faceCount = 0;
	hull->indexCount = 0;
	hull->vertexCount = 0;
	for ( int g = 0; g < groupCount; ++g )
	{
		// Boundary edges of the group: next[start] = end.
		int starts[TT_HULL_WORK_TRIANGLES], ends[TT_HULL_WORK_TRIANGLES];
		int edgeCount = 0;
		for ( int i = 0; i < b->triangleCount; ++i )
		{
			if ( b->group[i] != g )
			{
				continue;
			}
			const int* v = b->triangles[i].v;
			for ( int e = 0; e < 3; ++e )
			{
				int neighbour = ttHull_FindEdge( b, v[( e + 1 ) % 3], v[e] );
				if ( neighbour >= 0 && b->group[neighbour] != g )
				{
					starts[edgeCount] = v[e];
					ends[edgeCount] = v[( e + 1 ) % 3];
					edgeCount += 1;
				}
			}
		}
		if ( edgeCount < 3 || hull->faceCount == TT_MAX_HULL_FACES ||
		     hull->indexCount + edgeCount > 2 * TT_MAX_HULL_EDGES )
		{
			ttHullError( error, errorSize, "numerically degenerate hull (face %d)", g );
			return false;
		}
		ttHullFace* face = hull->faces + hull->faceCount++;
		face->firstIndex = hull->indexCount;
		face->count = edgeCount;
		int current = starts[0];
		for ( int k = 0; k < edgeCount; ++k )
		{
			// Renumber the input point.
			int local = -1;
			for ( int r = 0; r < remapCount; ++r )
			{
				local = remapInput[r] == current ? remap[r] : local;
			}
			if ( local < 0 )
			{
				if ( hull->vertexCount == TT_MAX_HULL_VERTICES )
				{
					ttHullError( error, errorSize, "the hull has more than %d vertices; simplify the point cloud",
					             TT_MAX_HULL_VERTICES );
					return false;
				}
				local = hull->vertexCount;
				hull->vertices[hull->vertexCount++] = b->points[current];
				remapInput[remapCount] = current;
				remap[remapCount++] = local;
			}
			hull->indices[hull->indexCount++] = (uint8_t)local;
			int next = -1;
			for ( int e = 0; e < edgeCount; ++e )
			{
				next = starts[e] == current ? ends[e] : next;
			}
			if ( next < 0 || ( k == edgeCount - 1 ) != ( next == starts[0] ) )
			{
				ttHullError( error, errorSize, "numerically degenerate hull (face %d is not one loop)", g );
				return false;
			}
			current = next;
		}
	}
	return true;
}

// Edges with both faces; every directed polygon edge must have exactly one twin.
static bool ttHull_BuildEdges( ttHullData* hull, char* error, int errorSize )
{
	hull->edgeCount = 0;
	for ( int f = 0; f < hull->faceCount; ++f )
	{
		const ttHullFace* face = hull->faces + f;
		for ( int k = 0; k < face->count; ++k )
		{
			int a = hull->indices[face->firstIndex + k];
			int c = hull->indices[face->firstIndex + ( k + 1 ) % face->count];
			if ( a > c )
			{
				continue; // listed from the twin's side
			}
			int twin = -1;
			for ( int g = 0; g < hull->faceCount && twin < 0; ++g )
			{
				const ttHullFace* other = hull->faces + g;
				for ( int j = 0; j < other->count; ++j )
				{
					if ( hull->indices[other->firstIndex + j] == c &&
					     hull->indices[other->firstIndex + ( j + 1 ) % other->count] == a )
					{
						twin = g;
					}
				}
			}
			if ( twin < 0 || hull->edgeCount == TT_MAX_HULL_EDGES )
			{
				ttHullError( error, errorSize, "numerically degenerate hull (open edge)" );
				return false;
			}
			hull->edges[hull->edgeCount++] = ( ttHullEdge ){ (uint8_t)a, (uint8_t)c, (uint8_t)f, (uint8_t)twin };
		}
	}
	if ( hull->vertexCount - hull->edgeCount + hull->faceCount != 2 || 2 * hull->edgeCount != hull->indexCount )
	{
		ttHullError( error, errorSize, "numerically degenerate hull (V - E + F = %d)",
		             hull->vertexCount - hull->edgeCount + hull->faceCount );
		return false;
	}
	return true;
}

static void ttHull_Finish( ttHullData* hull )
{
	hull->extent = 0;
	for ( int i = 0; i < hull->vertexCount; ++i )
	{
		hull->extent = ttMaxReal( hull->extent, ttLength( hull->vertices[i] ) );
	}
	// Face planes: Newell normal, offset from the farthest hull vertex so that the plane bounds
	// the whole hull even where merging left a vertex a tolerance above it.
	for ( int f = 0; f < hull->faceCount; ++f )
	{
		ttHullFace* face = hull->faces + f;
		face->normal = ttHull_NewellNormal( hull->vertices, hull->indices + face->firstIndex, face->count );
		face->offset = -TT_HUGE;
		for ( int i = 0; i < hull->vertexCount; ++i )
		{
			face->offset = ttMaxReal( face->offset, ttDot( face->normal, hull->vertices[i] ) );
		}
	}
	// Mass at unit density by the polyhedral algorithm over a fan triangulation of the faces.
	int triangles[3 * ( 2 * TT_MAX_HULL_EDGES )];
	int triangleCount = 0;
	for ( int f = 0; f < hull->faceCount; ++f )
	{
		const ttHullFace* face = hull->faces + f;
		for ( int k = 1; k + 1 < face->count; ++k )
		{
			triangles[3 * triangleCount] = hull->indices[face->firstIndex];
			triangles[3 * triangleCount + 1] = hull->indices[face->firstIndex + k];
			triangles[3 * triangleCount + 2] = hull->indices[face->firstIndex + k + 1];
			triangleCount += 1;
		}
	}
	hull->unitMass = ttComputeMeshMass( hull->vertices, hull->vertexCount, triangles, triangleCount, 1 );
	hull->centroid = hull->unitMass.center;
}

ttHullData* ttHull_Create( const ttVec3* points, int count, char* error, int errorSize )
{
	if ( points == NULL || count < 4 )
	{
		ttHullError( error, errorSize, "a hull needs at least 4 points, got %d", points == NULL ? 0 : count );
		return NULL;
	}
	for ( int i = 0; i < count; ++i )
	{
		if ( ttIsBoundedVec3( points[i], TT_MAX_SHAPE_SIZE ) == false )
		{
			ttHullError( error, errorSize,
			             "point %d is NaN, infinite or beyond +-TT_MAX_SHAPE_SIZE (1e6 m) from the shape origin", i );
			return NULL;
		}
	}
	// A hull below TT_MIN_SHAPE_SIZE would have an inertia whose inverse overflows float.
	ttReal extent = 0;
	for ( int i = 1; i < count; ++i )
	{
		extent = ttMaxReal( extent, ttDistance( points[i], points[0] ) );
	}
	if ( extent < TT_MIN_SHAPE_SIZE )
	{
		ttHullError( error, errorSize, "the points span %g m, less than TT_MIN_SHAPE_SIZE (1e-6 m)", (double)extent );
		return NULL;
	}
	ttHullBuilder* b = ttAlloc( sizeof( ttHullBuilder ) );
	ttHullData* hull = ttAlloc( sizeof( ttHullData ) );
	if ( b == NULL || hull == NULL )
	{
		ttFree( b );
		ttFree( hull );
		ttHullError( error, errorSize, "out of memory" );
		return NULL;
	}
	memset( b, 0, sizeof( *b ) );
	memset( hull, 0, sizeof( *hull ) );
	b->points = points;
	b->pointCount = count;
	bool ok = ttHull_InitialTetrahedron( b, error, errorSize );
	while ( ok )
	{
		int eye = -1, seed = -1;
		ttReal farthest = b->tolerance;
		for ( int t = 0; t < b->triangleCount; ++t )
		{
			for ( int i = 0; i < count; ++i )
			{
				ttReal d = ttHull_Distance( b->triangles + t, points[i] );
				if ( d > farthest )
				{
					farthest = d;
					eye = i;
					seed = t;
				}
			}
		}
		if ( eye < 0 )
		{
			break;
		}
		if ( b->hullVertexCount >= TT_HULL_WORK_VERTICES )
		{
			ttHullError( error, errorSize, "the hull has more than %d vertices; simplify the point cloud",
			             TT_MAX_HULL_VERTICES );
			ok = false;
		}
		else if ( ttHull_AddPoint( b, eye, seed ) == false )
		{
			ttHullError( error, errorSize, "numerically degenerate hull (broken horizon)" );
			ok = false;
		}
	}
	ok = ok && ttHull_BuildPolygons( b, ttHull_GroupTriangles( b ), hull, error, errorSize );
	ok = ok && ttHull_BuildEdges( hull, error, errorSize ) && ttHull_CheckFaceAreas( hull, error, errorSize );
	ttFree( b );
	if ( ok == false )
	{
		ttFree( hull );
		return NULL;
	}
	ttHull_Finish( hull );
	return hull;
}

void ttHull_Destroy( ttHullData* hull )
{
	ttFree( hull );
}

ttMassData ttHull_ComputeMass( const ttHullData* hull, ttReal density )
{
	ttMassData md = hull->unitMass;
	md.mass *= density;
	md.inertia = ttScale( density, md.inertia );
	return md;
}

ttAABB ttHull_ComputeAabb( const ttHullData* hull, ttTransform xf )
{
	ttAABB box = { { TT_HUGE, TT_HUGE, TT_HUGE }, { -TT_HUGE, -TT_HUGE, -TT_HUGE } };
	for ( int i = 0; i < hull->vertexCount; ++i )
	{
		ttVec3 p = ttTransformPoint( xf, hull->vertices[i] );
		box.lower =
		    ( ttVec3 ){ ttMinReal( box.lower.x, p.x ), ttMinReal( box.lower.y, p.y ), ttMinReal( box.lower.z, p.z ) };
		box.upper =
		    ( ttVec3 ){ ttMaxReal( box.upper.x, p.x ), ttMaxReal( box.upper.y, p.y ), ttMaxReal( box.upper.z, p.z ) };
	}
	return box;
}

int ttHull_Support( const ttHullData* hull, ttVec3 direction )
{
	int best = 0;
	ttReal bestDot = ttDot( hull->vertices[0], direction );
	for ( int i = 1; i < hull->vertexCount; ++i )
	{
		ttReal d = ttDot( hull->vertices[i], direction );
		if ( d > bestDot )
		{
			bestDot = d;
			best = i;
		}
	}
	return best;
}

int ttHull_BestFace( const ttHullData* hull, ttVec3 direction )
{
	int best = 0;
	ttReal bestDot = -TT_HUGE;
	for ( int f = 0; f < hull->faceCount; ++f )
	{
		ttReal d = ttDot( hull->faces[f].normal, direction );
		if ( d > bestDot )
		{
			bestDot = d;
			best = f;
		}
	}
	return best;
}
