// SPDX-License-Identifier: MIT
// Ray casts against the primitive shapes, each in the shape's own frame: the ray is moved into
// the frame, intersected analytically, and the hit is moved back.
#include "shape_raycast.h"

#include "collide_curve.h"
#include "hull.h"
#include "mesh.h"

// First entry t >= 0 of the ray p + t d into the sphere |x - c| <= r; false when the ray starts
// inside, misses, or enters beyond maxFraction.
static bool ttRaySphere( ttVec3 p, ttVec3 d, ttVec3 c, ttReal r, ttReal maxFraction, ttReal* t )
{
	ttVec3 s = ttSub( p, c );
	ttReal a = ttDot( d, d );
	ttReal b = ttDot( s, d );
	ttReal k = ttDot( s, s ) - r * r;
	if ( k < 0 || a == 0 || b >= 0 )
	{
		return false; // inside, no motion, or moving away from an outside start
	}
	ttReal discriminant = b * b - a * k;
	if ( discriminant < 0 )
	{
		return false;
	}
	// -b + sqrt(...) does not cancel since b < 0; k / that is the smaller root without the
	// cancellation of (-b - sqrt) / a.
	ttReal root = k / ( -b + ttSqrt( discriminant ) );
	if ( root > maxFraction )
	{
		return false;
	}
	*t = root;
	return true;
}

static bool ttRayCapsule( const ttCapsule* capsule, ttVec3 p, ttVec3 d, ttReal maxFraction, ttReal* t, ttVec3* normal )
{
	ttVec3 c1 = capsule->center1, c2 = capsule->center2;
	ttReal r = capsule->radius;
	ttVec3 e = ttSub( c2, c1 );
	ttReal ee = ttDot( e, e );

	// Inside: within r of the segment.
	ttReal s0 = ee > 0 ? ttClampReal( ttDot( ttSub( p, c1 ), e ) / ee, 0, 1 ) : 0;
	if ( ttLengthSquared( ttSub( p, ttMulAdd( c1, s0, e ) ) ) < r * r )
	{
		return false;
	}

	// The capsule is the union of the open-ended cylinder and the two end spheres; from outside,
	// the first entry into the union is the first entry into any of them.
	bool found = false;
	ttReal best = maxFraction;
	if ( ee > 0 )
	{
		ttVec3 m = ttSub( p, c1 );
		ttVec3 dPerp = ttMulAdd( d, -ttDot( d, e ) / ee, e );
		ttVec3 mPerp = ttMulAdd( m, -ttDot( m, e ) / ee, e );
		ttReal a = ttDot( dPerp, dPerp );
		ttReal b = ttDot( mPerp, dPerp );
		ttReal k = ttDot( mPerp, mPerp ) - r * r;
		ttReal discriminant = b * b - a * k;
		if ( a > 0 && b < 0 && k >= 0 && discriminant >= 0 )
		{
			ttReal root = k / ( -b + ttSqrt( discriminant ) );
			ttReal s = ttDot( ttMulAdd( m, root, d ), e ) / ee;
			if ( root <= best && s >= 0 && s <= 1 )
			{
				best = root;
				found = true;
				*normal = ttNormalize( ttMulAdd( mPerp, root, dPerp ) );
			}
		}
	}
	ttVec3 ends[2] = { c1, c2 };
	for ( int i = 0; i < 2; ++i )
	{
		ttReal root;
		if ( ttRaySphere( p, d, ends[i], r, best, &root ) && ( found == false || root < best ) )
		{
			best = root;
			found = true;
			*normal = ttNormalize( ttSub( ttMulAdd( p, root, d ), ends[i] ) );
		}
	}
	*t = best;
	return found;
}

// Slabs: the entry is the last of the three slab entries, the exit the first of the exits.
static bool ttRayBox( ttVec3 halfExtents, ttVec3 p, ttVec3 d, ttReal maxFraction, ttReal* t, ttVec3* normal )
{
	const ttReal* pp = &p.x;
	const ttReal* dd = &d.x;
	const ttReal* hh = &halfExtents.x;
	ttReal enter = -TT_HUGE, leave = TT_HUGE;
	int enterAxis = -1;
	ttReal enterSign = 0;
	for ( int axis = 0; axis < 3; ++axis )
	{
		if ( dd[axis] == 0 )
		{
			if ( pp[axis] < -hh[axis] || pp[axis] > hh[axis] )
			{
				return false;
			}
			continue;
		}
		ttReal inv = 1 / dd[axis];
		ttReal t1 = ( -hh[axis] - pp[axis] ) * inv;
		ttReal t2 = ( hh[axis] - pp[axis] ) * inv;
		ttReal sign = -1; // entering through the lower face
		if ( t1 > t2 )
		{
			ttReal swap = t1;
			t1 = t2;
			t2 = swap;
			sign = 1;
		}
		if ( t1 > enter )
		{
			enter = t1;
			enterAxis = axis;
			enterSign = sign;
		}
		leave = ttMinReal( leave, t2 );
	}
	// enterAxis < 0: parallel to every slab (no motion); enter < 0: starts inside or behind.
	if ( enterAxis < 0 || enter > leave || enter < 0 || enter > maxFraction )
	{
		return false;
	}
	*t = enter;
	*normal = TT_VEC3_ZERO;
	( &normal->x )[enterAxis] = enterSign;
	return true;
}

// Solid cylinder about the frame's y axis: the slab |y| <= h intersected with x^2 + z^2 <= r^2.
static bool ttRayCylinder( const ttCylinder* cylinder, ttVec3 p, ttVec3 d, ttReal maxFraction, ttReal* t,
                           ttVec3* normal )
{
	ttReal h = cylinder->halfHeight, r = cylinder->radius;
	ttReal enter = -TT_HUGE, leave = TT_HUGE;
	ttVec3 enterNormal = TT_VEC3_ZERO;
	if ( d.y == 0 )
	{
		if ( p.y < -h || p.y > h )
		{
			return false;
		}
	}
	else
	{
		ttReal t1 = ( -h - p.y ) / d.y, t2 = ( h - p.y ) / d.y;
		ttReal sign = t1 < t2 ? -1 : 1;
		enter = ttMinReal( t1, t2 );
		leave = ttMaxReal( t1, t2 );
		enterNormal = ( ttVec3 ){ 0, sign, 0 };
	}
	ttReal a = d.x * d.x + d.z * d.z;
	ttReal b = p.x * d.x + p.z * d.z;
	ttReal k = p.x * p.x + p.z * p.z - r * r;
	if ( a == 0 )
	{
		if ( k > 0 )
		{
			return false;
		}
	}
	else
	{
		ttReal discriminant = b * b - a * k;
		if ( discriminant < 0 )
		{
			return false;
		}
		ttReal root = ttSqrt( discriminant );
		ttReal t1 = ( -b - root ) / a, t2 = ( -b + root ) / a;
		if ( t1 > enter )
		{
			enter = t1;
			ttVec3 q = ttMulAdd( p, t1, d );
			enterNormal = ttNormalize( ( ttVec3 ){ q.x, 0, q.z } );
		}
		leave = ttMinReal( leave, t2 );
	}
	if ( enter > leave || enter < 0 || enter > maxFraction || enter == -TT_HUGE )
	{
		return false;
	}
	*t = enter;
	*normal = enterNormal;
	return true;
}

// Cyrus-Beck: the hull is the intersection of its face half-spaces n . x <= offset. Along the
// ray each plane is crossed once: inward where the ray runs against the normal, outward where it
// runs with it. The ray is inside from the last inward crossing (the entry, through that face)
// to the first outward one, and hits when that interval is not empty.
static bool ttRayHull( const ttHullData* hull, ttVec3 p, ttVec3 d, ttReal maxFraction, ttReal* t, ttVec3* normal )
{
	ttReal enter = -TT_HUGE, leave = TT_HUGE;
	int enterFace = -1;
	for ( int f = 0; f < hull->faceCount; ++f )
	{
		const ttHullFace* face = hull->faces + f;
		ttReal inside = face->offset - ttDot( face->normal, p ); // >= 0: p on the inner side
		ttReal rate = ttDot( face->normal, d );
		if ( rate == 0 )
		{
			if ( inside < 0 )
			{
				return false; // parallel to the plane and outside it
			}
			continue;
		}
		ttReal crossing = inside / rate;
		if ( rate < 0 )
		{
			if ( crossing > enter )
			{
				enter = crossing;
				enterFace = f;
			}
		}
		else
		{
			leave = ttMinReal( leave, crossing );
		}
		if ( enter > leave )
		{
			return false;
		}
	}
	// enterFace < 0: no motion against any face, so the ray starts inside or has no length;
	// enter < 0: it starts inside (or the hull lies behind it).
	if ( enterFace < 0 || enter < 0 || enter > maxFraction )
	{
		return false;
	}
	*t = enter;
	*normal = hull->faces[enterFace].normal;
	return true;
}

bool ttShape_RayCastAt( const ttShape* shape, ttTransform xf, ttVec3 origin, ttVec3 translation, ttReal maxFraction,
                        ttRayHit* hit )
{
	ttVec3 p = ttInvTransformPoint( xf, origin );
	ttVec3 d = ttInvRotate( xf.q, translation );
	ttReal t = 0;
	ttVec3 normal = TT_VEC3_ZERO;
	bool found = false;
	switch ( shape->type )
	{
		case ttShape_sphere:
			found = ttRaySphere( p, d, TT_VEC3_ZERO, shape->sphere.radius, maxFraction, &t );
			if ( found )
			{
				normal = ttNormalize( ttMulAdd( p, t, d ) );
			}
			break;
		case ttShape_capsule:
			found = ttRayCapsule( &shape->capsule, p, d, maxFraction, &t, &normal );
			break;
		case ttShape_box:
			found = ttRayBox( shape->box.halfExtents, p, d, maxFraction, &t, &normal );
			break;
		case ttShape_cylinder:
			found = ttRayCylinder( &shape->cylinder, p, d, maxFraction, &t, &normal );
			break;
		case ttShape_plane:
		{
			// Solid below n . x = offset: a ray from above that moves down enters it.
			ttReal above = ttDot( shape->plane.normal, p ) - shape->plane.offset;
			ttReal rate = ttDot( shape->plane.normal, d );
			if ( above >= 0 && rate < 0 && above <= -rate * maxFraction )
			{
				t = above / -rate;
				normal = shape->plane.normal;
				found = true;
			}
			break;
		}
		case ttShape_hull:
			found = ttRayHull( shape->hull, p, d, maxFraction, &t, &normal );
			break;
		case ttShape_mesh:
		case ttShape_heightfield:
			found = ttMesh_RayCast( shape->mesh, p, d, maxFraction, &t, &normal );
			break;
		case ttShape_curve:
			found = ttCurveShape_RayCast( shape, p, d, maxFraction, &t, &normal );
			break;
		default:
			break;
	}
	if ( found == false )
	{
		return false;
	}
	hit->fraction = t;
	hit->point = ttMulAdd( origin, t, translation );
	hit->normal = ttRotate( xf.q, normal );
	return true;
}
