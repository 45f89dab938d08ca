// SPDX-License-Identifier: MIT
// Triangles of each shape in its own frame, for the browser page to upload once per scene: the
// page then only needs each shape's transform per frame (web_world.c). Vertices are six floats,
// position and normal; normals point out of solids (meshes are two-sided, lit from both sides).
#include "web_api.h"

#include <math.h>
#include <stdlib.h>

#define TT_WEB_PI 3.14159265358979323846

typedef struct ttWebMesh
{
	float* data;
	int vertexCount, capacity;
} ttWebMesh;

static ttWebMesh s_mesh;

static bool ttWebMesh_Reserve( int vertexCount )
{
	if ( vertexCount <= s_mesh.capacity )
	{
		return true;
	}
	int capacity = vertexCount > 2 * s_mesh.capacity ? vertexCount : 2 * s_mesh.capacity;
	float* data = realloc( s_mesh.data, (size_t)capacity * 6 * sizeof( float ) );
	if ( data == NULL )
	{
		return false;
	}
	s_mesh.data = data;
	s_mesh.capacity = capacity;
	return true;
}

static void ttWebMesh_Vertex( ttVec3 p, ttVec3 n )
{
	if ( ttWebMesh_Reserve( s_mesh.vertexCount + 1 ) == false )
	{
		return;
	}
	float* v = s_mesh.data + 6 * s_mesh.vertexCount;
	v[0] = (float)p.x, v[1] = (float)p.y, v[2] = (float)p.z;
	v[3] = (float)n.x, v[4] = (float)n.y, v[5] = (float)n.z;
	s_mesh.vertexCount += 1;
}

// A flat triangle, wound so that its normal points along `outward` when one is given.
static void ttWebMesh_FlatTriangle( ttVec3 a, ttVec3 b, ttVec3 c, const ttVec3* outward )
{
	ttVec3 n = ttNormalize( ttCross( ttSub( b, a ), ttSub( c, a ) ) );
	if ( outward != NULL && ttDot( n, *outward ) < 0 )
	{
		ttVec3 swap = b;
		b = c;
		c = swap;
		n = ttNeg( n );
	}
	ttWebMesh_Vertex( a, n );
	ttWebMesh_Vertex( b, n );
	ttWebMesh_Vertex( c, n );
}

// A point of the unit sphere at latitude index i (0 = +y pole) and longitude index j.
static ttVec3 ttWeb_SpherePoint( int i, int stacks, int j, int slices )
{
	double theta = TT_WEB_PI * i / stacks, phi = 2 * TT_WEB_PI * j / slices;
	return ttVec3Make( (ttReal)( sin( theta ) * cos( phi ) ), (ttReal)cos( theta ),
	                   (ttReal)( sin( theta ) * sin( phi ) ) );
}

// A sphere of `radius` around the y axis, the upper half moved up and the lower half down by
// halfLength (0: a sphere; > 0: a capsule along y, the equator stretched into its cylinder),
// then rotated by q and moved by center.
static void ttWebMesh_Capsule( ttReal radius, ttReal halfLength, ttQuat q, ttVec3 center )
{
	const int stacks = 16, slices = 24;
	// Rings 0..stacks/2 belong to the upper cap and stacks/2..stacks to the lower one: the
	// equator is emitted twice, and the band between its two copies is the cylinder.
	for ( int ring = 0; ring <= stacks; ++ring )
	{
		int i0 = ring <= stacks / 2 ? ring : ring - 1;
		int i1 = ring < stacks / 2 ? ring + 1 : ring;
		ttReal shift0 = ring <= stacks / 2 ? halfLength : -halfLength;
		ttReal shift1 = ring < stacks / 2 ? halfLength : -halfLength;
		for ( int j = 0; j < slices; ++j )
		{
			ttVec3 n[4] = { ttWeb_SpherePoint( i0, stacks, j, slices ), ttWeb_SpherePoint( i0, stacks, j + 1, slices ),
			                ttWeb_SpherePoint( i1, stacks, j + 1, slices ),
			                ttWeb_SpherePoint( i1, stacks, j, slices ) };
			ttVec3 p[4];
			for ( int k = 0; k < 4; ++k )
			{
				ttReal shift = k < 2 ? shift0 : shift1;
				p[k] = ttAdd( center,
				              ttRotate( q, ttVec3Make( radius * n[k].x, radius * n[k].y + shift, radius * n[k].z ) ) );
				n[k] = ttRotate( q, n[k] );
			}
			// Longitude grows toward +z at +x and latitude downward, so seen from outside (0, 1, 2) and
			// (0, 2, 3) are counter-clockwise.
			int order[6] = { 0, 1, 2, 0, 2, 3 };
			for ( int k = 0; k < 6; ++k )
			{
				ttWebMesh_Vertex( p[order[k]], n[order[k]] );
			}
		}
	}
}

static void ttWebMesh_Box( ttVec3 h )
{
	for ( int axis = 0; axis < 3; ++axis )
	{
		for ( int side = -1; side <= 1; side += 2 )
		{
			ttReal n[3] = { 0, 0, 0 };
			n[axis] = (ttReal)side;
			ttVec3 normal = ttVec3Make( n[0], n[1], n[2] );
			ttVec3 corners[4];
			for ( int k = 0; k < 4; ++k )
			{
				ttReal c[3];
				c[axis] = side;
				c[( axis + 1 ) % 3] = ( k == 1 || k == 2 ) ? 1 : -1;
				c[( axis + 2 ) % 3] = ( k >= 2 ) ? 1 : -1;
				corners[k] = ttVec3Make( c[0] * h.x, c[1] * h.y, c[2] * h.z );
			}
			ttWebMesh_FlatTriangle( corners[0], corners[1], corners[2], &normal );
			ttWebMesh_FlatTriangle( corners[0], corners[2], corners[3], &normal );
		}
	}
}

static void ttWebMesh_Cylinder( ttCylinder cylinder )
{
	const int slices = 32;
	ttReal h = cylinder.halfHeight, r = cylinder.radius;
	ttVec3 up = ttVec3Make( 0, 1, 0 ), down = ttVec3Make( 0, -1, 0 );
	for ( int j = 0; j < slices; ++j )
	{
		ttVec3 n0 = ttWeb_SpherePoint( 8, 16, j, slices ), n1 = ttWeb_SpherePoint( 8, 16, j + 1, slices );
		ttVec3 top0 = ttVec3Make( r * n0.x, h, r * n0.z ), top1 = ttVec3Make( r * n1.x, h, r * n1.z );
		ttVec3 bottom0 = ttVec3Make( r * n0.x, -h, r * n0.z ), bottom1 = ttVec3Make( r * n1.x, -h, r * n1.z );
		ttWebMesh_FlatTriangle( ttVec3Make( 0, h, 0 ), top0, top1, &up );
		ttWebMesh_FlatTriangle( ttVec3Make( 0, -h, 0 ), bottom0, bottom1, &down );
		int order[6] = { 0, 1, 2, 0, 2, 3 };
		ttVec3 p[4] = { top0, bottom0, bottom1, top1 }, n[4] = { n0, n0, n1, n1 };
		ttVec3 outward = ttAdd( n0, n1 );
		if ( ttDot( ttCross( ttSub( p[1], p[0] ), ttSub( p[2], p[0] ) ), outward ) < 0 )
		{
			order[1] = 2, order[2] = 1, order[4] = 3, order[5] = 2;
		}
		for ( int k = 0; k < 6; ++k )
		{
			ttWebMesh_Vertex( p[order[k]], n[order[k]] );
		}
	}
}

// Every triple of hull vertices with all others on one side is a face (at most 64 vertices:
// about 2.7 million tests, once per scene). Coplanar faces come out as overlapping triangles of
// one plane, which draw as that face.
static void ttWebMesh_Hull( ttShapeId shape )
{
	ttVec3 v[TT_MAX_HULL_VERTICES];
	int count = ttShape_GetHullVertices( shape, v, TT_MAX_HULL_VERTICES );
	count = count < TT_MAX_HULL_VERTICES ? count : TT_MAX_HULL_VERTICES;
	ttVec3 center = TT_VEC3_ZERO;
	for ( int i = 0; i < count; ++i )
	{
		center = ttAdd( center, v[i] );
	}
	center = ttScale( count > 0 ? (ttReal)1 / (ttReal)count : 0, center );
	for ( int i = 0; i < count; ++i )
	{
		for ( int j = i + 1; j < count; ++j )
		{
			for ( int k = j + 1; k < count; ++k )
			{
				ttVec3 n = ttCross( ttSub( v[j], v[i] ), ttSub( v[k], v[i] ) );
				ttReal length = ttLength( n );
				if ( length < (ttReal)1e-12 )
				{
					continue;
				}
				n = ttScale( 1 / length, n );
				ttReal tolerance = (ttReal)1e-6 * ( 1 + ttLength( ttSub( v[i], center ) ) );
				bool above = false, below = false;
				for ( int m = 0; m < count && ( above == false || below == false ); ++m )
				{
					ttReal d = ttDot( n, ttSub( v[m], v[i] ) );
					above = above || d > tolerance;
					below = below || d < -tolerance;
				}
				if ( above == false || below == false )
				{
					ttVec3 outward = above ? ttNeg( n ) : n;
					ttWebMesh_FlatTriangle( v[i], v[j], v[k], &outward );
				}
			}
		}
	}
}

static void ttWebMesh_Triangles( ttShapeId shape )
{
	int count = ttShape_GetTriangleCount( shape );
	ttVec3* corners = count > 0 ? malloc( (size_t)count * 3 * sizeof( ttVec3 ) ) : NULL;
	if ( corners == NULL )
	{
		return;
	}
	count = ttShape_GetTriangles( shape, corners, count );
	for ( int t = 0; t < count; ++t )
	{
		ttWebMesh_FlatTriangle( corners[3 * t], corners[3 * t + 1], corners[3 * t + 2], NULL );
	}
	free( corners );
}

// A square of the plane, `halfSize` from the point of the plane nearest the shape origin.
static void ttWebMesh_Plane( ttPlane plane, ttReal halfSize )
{
	ttVec3 n = ttNormalize( plane.normal );
	ttVec3 center = ttScale( plane.offset / ttLength( plane.normal ), n );
	ttVec3 u = ttScale( halfSize, ttPerpendicular( n ) );
	ttVec3 w = ttCross( n, u );
	ttVec3 a = ttSub( ttSub( center, u ), w ), b = ttSub( ttAdd( center, u ), w );
	ttVec3 c = ttAdd( ttAdd( center, u ), w ), d = ttAdd( ttSub( center, u ), w );
	ttWebMesh_FlatTriangle( a, b, c, &n );
	ttWebMesh_FlatTriangle( a, c, d, &n );
}

int ttWeb_BuildShapeMesh( ttShapeId shape, ttReal planeHalfSize )
{
	s_mesh.vertexCount = 0;
	switch ( ttShape_GetType( shape ) )
	{
		case ttShape_sphere:
			ttWebMesh_Capsule( ttShape_GetSphere( shape ).radius, 0, TT_QUAT_IDENTITY, TT_VEC3_ZERO );
			break;
		case ttShape_capsule:
		{
			ttCapsule capsule = ttShape_GetCapsule( shape );
			ttVec3 axis = ttSub( capsule.center2, capsule.center1 );
			ttReal length = ttLength( axis );
			ttQuat q =
			    length > 0 ? ttQuatFromTo( ttVec3Make( 0, 1, 0 ), ttScale( 1 / length, axis ) ) : TT_QUAT_IDENTITY;
			ttWebMesh_Capsule( capsule.radius, length / 2, q,
			                   ttScale( (ttReal)0.5, ttAdd( capsule.center1, capsule.center2 ) ) );
			break;
		}
		case ttShape_box:
			ttWebMesh_Box( ttShape_GetBox( shape ).halfExtents );
			break;
		case ttShape_plane:
			ttWebMesh_Plane( ttShape_GetPlane( shape ), planeHalfSize );
			break;
		case ttShape_cylinder:
			ttWebMesh_Cylinder( ttShape_GetCylinder( shape ) );
			break;
		case ttShape_hull:
			ttWebMesh_Hull( shape );
			break;
		case ttShape_mesh:
		case ttShape_heightfield:
			ttWebMesh_Triangles( shape );
			break;
		default:
			break;
	}
	return s_mesh.vertexCount;
}

const float* ttWeb_ShapeMeshData( void )
{
	return s_mesh.data;
}
