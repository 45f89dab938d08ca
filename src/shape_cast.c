// SPDX-License-Identifier: MIT
// Convex query shapes against single shapes: sweep (shape cast), overlap and closest point.
//
// The sweep is conservative advancement on GJK distances (the "GJK ray cast" idea of van den
// Bergen, in its simplest safe form). With closest points a (query) and b (target) at distance d
// and n = (b - a) / d, the target lies in the half space beyond the plane through b normal to n,
// so a pure translation r cannot touch it before advancing d / (n . r). Each step advances a little
// less than that (to half the tolerance), so it never passes the contact; flat contacts converge
// in one step, curved ones geometrically. n . r <= 0 means the distance grows from here on: since
// the distance along a translation is a convex function of the fraction, the shapes never meet.
#include "shape_cast.h"

#include "collide_curve.h"
#include "core.h"
#include "mesh.h"

#include "tether/tether.h"

#define TT_CAST_MAX_ITERATIONS 64

static bool ttIsPositive( ttReal a )
{
	return ttIsValidReal( a ) && a > 0;
}

bool ttQueryShape_Validate( const char* function, const ttQueryShape* shape )
{
	if ( shape == NULL )
	{
		ttReportError( function, "shape must not be NULL" );
		return false;
	}
	switch ( shape->type )
	{
		case ttShape_sphere:
			if ( ttIsPositive( shape->sphere.radius ) == false )
			{
				ttReportError( function, "sphere radius must be finite and > 0" );
				return false;
			}
			return true;
		case ttShape_capsule:
			if ( ttIsPositive( shape->capsule.radius ) == false || ttIsValidVec3( shape->capsule.center1 ) == false ||
			     ttIsValidVec3( shape->capsule.center2 ) == false )
			{
				ttReportError( function, "capsule needs finite centres and a finite radius > 0" );
				return false;
			}
			return true;
		case ttShape_box:
		{
			ttVec3 e = shape->box.halfExtents;
			if ( ttIsPositive( e.x ) == false || ttIsPositive( e.y ) == false || ttIsPositive( e.z ) == false )
			{
				ttReportError( function, "box half extents must be finite and > 0" );
				return false;
			}
			return true;
		}
		case ttShape_cylinder:
			if ( ttIsPositive( shape->cylinder.halfHeight ) == false ||
			     ttIsPositive( shape->cylinder.radius ) == false )
			{
				ttReportError( function, "cylinder half height and radius must be finite and > 0" );
				return false;
			}
			return true;
		case ttShape_hull:
		{
			const ttQueryHull* hull = &shape->hull;
			if ( hull->points == NULL || hull->count < 1 || hull->count > TT_MAX_HULL_VERTICES )
			{
				ttReportError( function, "hull needs 1 to %d points, got %d", TT_MAX_HULL_VERTICES, hull->count );
				return false;
			}
			ttReal extent = 0;
			for ( int i = 0; i < hull->count; ++i )
			{
				if ( ttIsValidVec3( hull->points[i] ) == false )
				{
					ttReportError( function, "hull point %d is not finite", i );
					return false;
				}
				extent = ttMaxReal( extent, ttDistance( hull->points[i], hull->points[0] ) );
			}
			// A single point has no size: that query is a ray cast or a closest-point query.
			if ( extent <= 0 )
			{
				ttReportError( function, "hull points must not all coincide" );
				return false;
			}
			return true;
		}
		case ttShape_plane:
			ttReportError( function, "a plane is not a convex query shape" );
			return false;
		default:
			ttReportError( function, "unknown query shape type %d", (int)shape->type );
			return false;
	}
}

void ttQueryProxy_Make( ttQueryProxy* query, const ttQueryShape* shape, ttTransform xf )
{
	query->storage = ( ttShape ){ 0 };
	query->storage.type = shape->type;
	switch ( shape->type )
	{
		case ttShape_sphere:
			query->storage.sphere = shape->sphere;
			break;
		case ttShape_capsule:
			query->storage.capsule = shape->capsule;
			break;
		case ttShape_box:
			query->storage.box = shape->box;
			break;
		case ttShape_cylinder:
			query->storage.cylinder = shape->cylinder;
			break;
		default:
			// A hull query is a bare point cloud: GJK needs only its support function, which is the
			// same for the points as for their hull, so no hull is built. The storage says "hull" so
			// that the proxy reads the caller's points.
			query->proxy = ( ttConvexProxy ){ 0 };
			query->proxy.kind = ttConvex_points;
			query->proxy.points = shape->hull.points;
			query->proxy.count = shape->hull.count;
			query->proxy.xf = xf;
			query->proxy.shape = &query->storage;
			return;
	}
	ttConvexProxy_Make( &query->proxy, &query->storage, xf );
}

ttAABB ttQueryProxy_ComputeAabb( const ttQueryProxy* query )
{
	ttAABB box;
	ttReal* lower = &box.lower.x;
	ttReal* upper = &box.upper.x;
	for ( int axis = 0; axis < 3; ++axis )
	{
		ttVec3 e = TT_VEC3_ZERO;
		( &e.x )[axis] = 1;
		upper[axis] = ttDot( ttConvexProxy_Support( &query->proxy, e ), e ) + query->proxy.radius;
		lower[axis] = ttDot( ttConvexProxy_Support( &query->proxy, ttNeg( e ) ), e ) - query->proxy.radius;
	}
	return box;
}

// A plane in world space: n . x = offset, solid below.
static void ttWorldPlane( const ttShape* shape, ttTransform xf, ttVec3* normal, ttReal* offset )
{
	*normal = ttRotate( xf.q, shape->plane.normal );
	*offset = shape->plane.offset + ttDot( *normal, xf.p );
}

static bool ttCastPlane( const ttShape* shape, ttTransform xf, const ttQueryProxy* query, ttVec3 translation,
                         ttReal maxFraction, ttRayHit* hit )
{
	ttVec3 n;
	ttReal offset;
	ttWorldPlane( shape, xf, &n, &offset );
	// The lowest point of the query shape leads the way down; a translation keeps it the lowest.
	ttVec3 core = ttConvexProxy_Support( &query->proxy, ttNeg( n ) );
	ttReal above = ttDot( n, core ) - offset; // of the core point
	ttReal separation = above - query->proxy.radius;
	ttReal rate = ttDot( n, translation );
	ttReal t;
	if ( separation <= 0 || ( separation <= TT_CAST_TOLERANCE && rate < 0 ) )
	{
		t = 0;
	}
	else if ( rate >= 0 )
	{
		return false;
	}
	else
	{
		// Stop half the tolerance above the plane, as the convex sweep does.
		t = ( separation - (ttReal)0.5 * TT_CAST_TOLERANCE ) / -rate;
		if ( t > maxFraction )
		{
			return false;
		}
	}
	ttVec3 moved = ttMulAdd( core, t, translation );
	hit->fraction = t;
	hit->normal = n;
	hit->point = ttMulAdd( moved, -( ttDot( n, moved ) - offset ), n );
	return true;
}

bool ttShape_CastQueryAt( const ttShape* shape, ttTransform xf, const ttQueryProxy* query, ttVec3 translation,
                          ttReal maxFraction, ttRayHit* hit )
{
	if ( shape->type == ttShape_plane )
	{
		return ttCastPlane( shape, xf, query, translation, maxFraction, hit );
	}
	if ( ttShape_IsMesh( shape ) )
	{
		return ttMesh_CastQueryAt( shape, xf, query, translation, maxFraction, hit );
	}
	if ( shape->type == ttShape_curve )
	{
		return ttCurveShape_CastQueryAt( shape, xf, query, translation, maxFraction, hit );
	}
	// Work in a frame centred on the query's start: near contact, b - a is a tiny difference of
	// points, and in float it keeps more digits when the points are small numbers.
	ttVec3 origin = query->proxy.xf.p;
	ttConvexProxy target;
	ttConvexProxy_Make( &target, shape, ( ttTransform ){ ttSub( xf.p, origin ), xf.q } );
	ttConvexProxy moving = query->proxy;
	ttReal radius = moving.radius + target.radius;
	ttReal t = 0;
	for ( int iteration = 0; iteration < TT_CAST_MAX_ITERATIONS; ++iteration )
	{
		moving.xf.p = ttScale( t, translation );
		ttGjkOutput gjk;
		ttGjk( &moving, &target, &gjk );
		ttReal separation;
		ttVec3 n, onTarget; // n: unit, from the query shape toward the target
		if ( gjk.overlap || gjk.distance <= radius )
		{
			// Overlapping (at the start: advancement stops short of contact, so later only by
			// rounding). EPA gives the way out.
			ttConvexContact contact;
			ttConvexContact_Compute( &moving, &target, &contact );
			separation = contact.separation;
			n = contact.normal;
			onTarget = contact.pointB;
		}
		else
		{
			separation = gjk.distance - radius;
			// Normalized from the points themselves: gjk.distance comes from the unrounded points,
			// and in float the two differ enough to leave n visibly off unit length.
			n = ttNormalize( ttSub( gjk.pointB, gjk.pointA ) );
			onTarget = ttMulAdd( gjk.pointB, -target.radius, n );
		}
		ttReal approach = ttDot( translation, n );
		if ( separation <= TT_CAST_TOLERANCE )
		{
			if ( separation > 0 && t == 0 && approach <= 0 )
			{
				return false; // touching at the start and moving apart (or along): no hit
			}
			hit->fraction = t;
			hit->normal = ttNeg( n );
			hit->point = ttAdd( onTarget, origin );
			return true;
		}
		if ( approach <= 0 )
		{
			return false;
		}
		t += ( separation - (ttReal)0.5 * TT_CAST_TOLERANCE ) / approach;
		if ( t > maxFraction )
		{
			return false;
		}
	}
	// Still apart after the cap (a grazing sweep that creeps along a curved surface): the shapes
	// never came within the tolerance, so report no hit rather than a guess.
	return false;
}

bool ttShape_OverlapsQueryAt( const ttShape* shape, ttTransform xf, const ttQueryProxy* query )
{
	if ( shape->type == ttShape_plane )
	{
		ttVec3 n;
		ttReal offset;
		ttWorldPlane( shape, xf, &n, &offset );
		ttVec3 core = ttConvexProxy_Support( &query->proxy, ttNeg( n ) );
		return ttDot( n, core ) - offset - query->proxy.radius <= 0;
	}
	if ( ttShape_IsMesh( shape ) )
	{
		return ttMesh_OverlapsQueryAt( shape, xf, query );
	}
	if ( shape->type == ttShape_curve )
	{
		return ttCurveShape_OverlapsQueryAt( shape, xf, query );
	}
	ttConvexProxy target;
	ttConvexProxy_Make( &target, shape, xf );
	ttGjkOutput gjk;
	ttGjk( &query->proxy, &target, &gjk );
	return gjk.overlap || gjk.distance <= query->proxy.radius + target.radius;
}

ttReal ttShape_ClosestPointAt( const ttShape* shape, ttTransform xf, ttVec3 point, ttVec3* closest )
{
	if ( shape->type == ttShape_plane )
	{
		ttVec3 n;
		ttReal offset;
		ttWorldPlane( shape, xf, &n, &offset );
		ttReal above = ttDot( n, point ) - offset;
		if ( above <= 0 )
		{
			*closest = point;
			return 0;
		}
		*closest = ttMulAdd( point, -above, n );
		return above;
	}
	if ( ttShape_IsMesh( shape ) )
	{
		return ttMesh_ClosestPointAt( shape, xf, point, closest );
	}
	if ( shape->type == ttShape_curve )
	{
		return ttCurveShape_ClosestPointAt( shape, xf, point, closest );
	}
	// The query point is a sphere core of radius 0; as in the sweep, work around the point.
	ttConvexProxy target;
	ttConvexProxy_Make( &target, shape, ( ttTransform ){ ttSub( xf.p, point ), xf.q } );
	ttConvexProxy probe = { 0 };
	probe.kind = ttConvex_points;
	probe.localPoints[0] = TT_VEC3_ZERO;
	probe.points = probe.localPoints;
	probe.count = 1;
	probe.xf = ( ttTransform ){ TT_VEC3_ZERO, TT_QUAT_IDENTITY };
	ttGjkOutput gjk;
	ttGjk( &probe, &target, &gjk );
	if ( gjk.overlap || gjk.distance <= target.radius )
	{
		*closest = point;
		return 0;
	}
	// pointA is the origin: the direction from the core toward the point is -pointB.
	ttVec3 toPoint = ttNormalize( ttNeg( gjk.pointB ) );
	*closest = ttAdd( ttMulAdd( gjk.pointB, target.radius, toPoint ), point );
	return gjk.distance - target.radius;
}
