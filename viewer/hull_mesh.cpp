// SPDX-License-Identifier: MIT
#include "hull_mesh.h"

#include <algorithm>
#include <cstdint>
#include <map>

namespace
{
struct FacePlane
{
	Vec3f normal;
	float offset;
};

bool SamePlane( const FacePlane& a, const FacePlane& b, float tolerance )
{
	return Dot( a.normal, b.normal ) > 1 - 1e-5f && std::fabs( a.offset - b.offset ) <= tolerance;
}
} // namespace

std::vector<Vec3f> HullTriangles( const std::vector<Vec3f>& points )
{
	std::vector<Vec3f> triangles;
	size_t n = points.size();
	if ( n < 4 )
	{
		return triangles;
	}
	Vec3f lower = points[0], upper = points[0];
	for ( Vec3f p : points )
	{
		lower = { std::fmin( lower.x, p.x ), std::fmin( lower.y, p.y ), std::fmin( lower.z, p.z ) };
		upper = { std::fmax( upper.x, p.x ), std::fmax( upper.y, p.y ), std::fmax( upper.z, p.z ) };
	}
	// Points within this distance of a plane lie on it: the hull builder merges faces that are
	// coplanar to about this relative precision.
	float tolerance = 1e-4f * Length( upper - lower );

	// A plane through three points is a face when every point lies on its inner side; each face
	// is found once, from its first triple.
	std::vector<FacePlane> planes;
	for ( size_t i = 0; i < n; ++i )
	{
		for ( size_t j = i + 1; j < n; ++j )
		{
			for ( size_t k = j + 1; k < n; ++k )
			{
				Vec3f normal = Cross( points[j] - points[i], points[k] - points[i] );
				if ( Length( normal ) <= tolerance * tolerance )
				{
					continue;
				}
				normal = Normalize( normal );
				float offset = Dot( normal, points[i] );
				bool above = false, below = false;
				for ( Vec3f p : points )
				{
					float d = Dot( normal, p ) - offset;
					above = above || d > tolerance;
					below = below || d < -tolerance;
				}
				if ( above && below )
				{
					continue;
				}
				if ( above == false && below == false )
				{
					return triangles; // every point in this plane: a flat hull has no volume to draw
				}
				FacePlane plane = above ? FacePlane{ normal * -1.0f, -offset } : FacePlane{ normal, offset };
				bool known = false;
				for ( const FacePlane& other : planes )
				{
					known = known || SamePlane( other, plane, tolerance );
				}
				if ( known == false )
				{
					planes.push_back( plane );
				}
			}
		}
	}

	// Each face's vertices sorted by angle about their centre, counter-clockwise about the outward
	// normal, then fanned from the first.
	for ( const FacePlane& plane : planes )
	{
		std::vector<Vec3f> face;
		for ( Vec3f p : points )
		{
			if ( std::fabs( Dot( plane.normal, p ) - plane.offset ) <= tolerance )
			{
				face.push_back( p );
			}
		}
		Vec3f center = { 0, 0, 0 };
		for ( Vec3f p : face )
		{
			center = center + p;
		}
		center = center * ( 1.0f / (float)face.size() );
		Vec3f u = Normalize( face[0] - center );
		Vec3f v = Cross( plane.normal, u );
		std::sort( face.begin(), face.end(),
		           [&]( Vec3f a, Vec3f b )
		           {
			           return std::atan2( Dot( a - center, v ), Dot( a - center, u ) ) <
			                  std::atan2( Dot( b - center, v ), Dot( b - center, u ) );
		           } );
		for ( size_t t = 1; t + 1 < face.size(); ++t )
		{
			triangles.push_back( face[0] );
			triangles.push_back( face[t] );
			triangles.push_back( face[t + 1] );
		}
	}
	return triangles;
}

const std::vector<Vec3f>& CachedHullTriangles( ttShapeId shape )
{
	struct Entry
	{
		std::vector<Vec3f> vertices, triangles;
	};
	// Keyed by the shape's id; the vertices are compared too, because a reloaded world reuses ids.
	static std::map<uint64_t, Entry> cache;
	ttVec3 vertices[TT_MAX_HULL_VERTICES];
	int count = ttShape_GetHullVertices( shape, vertices, TT_MAX_HULL_VERTICES );
	count = count < 0 ? 0 : ( count > TT_MAX_HULL_VERTICES ? TT_MAX_HULL_VERTICES : count );
	std::vector<Vec3f> points( (size_t)count );
	for ( int i = 0; i < count; ++i )
	{
		points[(size_t)i] = V3( vertices[i] );
	}
	uint64_t key = ( (uint64_t)shape.world0 << 48 ) ^ ( (uint64_t)shape.generation << 24 ) ^ (uint64_t)shape.index1;
	Entry& entry = cache[key];
	bool same = entry.vertices.size() == points.size();
	for ( size_t i = 0; same && i < points.size(); ++i )
	{
		same = entry.vertices[i].x == points[i].x && entry.vertices[i].y == points[i].y &&
		       entry.vertices[i].z == points[i].z;
	}
	if ( same == false || entry.vertices.empty() )
	{
		entry.vertices = points;
		entry.triangles = HullTriangles( points );
	}
	return entry.triangles;
}
