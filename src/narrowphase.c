// SPDX-License-Identifier: MIT
// Narrow phase for the primitive pairs of the core: sphere-sphere, sphere-capsule,
// capsule-capsule, sphere-box, and sphere, capsule and box against planes; the dispatch table
// also routes box-box (narrowphase_box.c) and hull-hull and box-hull (narrowphase_hull.c) to
// separating axes, and every other convex pair to GJK/EPA (convex_manifold.c). Every routine
// returns the contact normal from A to B and, per point, the deepest point of each shape.
#include "collide_curve.h"
#include "contact.h"
#include "gjk.h"
#include "narrowphase_hull.h"

typedef bool ttCollideFcn( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                           ttManifoldGeometry* m );

// Two spheres (centres and radii): one point when closer than the speculative distance.
static bool ttCollideSphereCenters( ttVec3 centerA, ttReal radiusA, ttVec3 centerB, ttReal radiusB, ttReal speculative,
                                    ttManifoldGeometry* m )
{
	ttReal distance;
	ttVec3 normal = ttGetLengthAndNormalize( &distance, ttSub( centerB, centerA ) );
	ttReal separation = distance - radiusA - radiusB;
	if ( separation > speculative )
	{
		return false;
	}
	if ( distance == 0 )
	{
		normal = ( ttVec3 ){ 0, 1, 0 }; // concentric: any direction separates them
	}
	m->normal = normal;
	m->pointCount = 1;
	m->points[0].pointA = ttMulAdd( centerA, radiusA, normal );
	m->points[0].pointB = ttMulAdd( centerB, -radiusB, normal );
	m->points[0].separation = separation;
	return true;
}

static bool ttCollideSpheres( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                              ttManifoldGeometry* m )
{
	return ttCollideSphereCenters( xfA.p, a->sphere.radius, xfB.p, b->sphere.radius, speculative, m );
}

// Closest point to p on the segment [s1, s2].
static ttVec3 ttClosestOnSegment( ttVec3 p, ttVec3 s1, ttVec3 s2 )
{
	ttVec3 d = ttSub( s2, s1 );
	ttReal lengthSquared = ttDot( d, d );
	ttReal t = lengthSquared > 0 ? ttClampReal( ttDot( ttSub( p, s1 ), d ) / lengthSquared, 0, 1 ) : 0;
	return ttMulAdd( s1, t, d );
}

static bool ttCollideSphereCapsule( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB,
                                    ttReal speculative, ttManifoldGeometry* m )
{
	ttVec3 p1 = ttTransformPoint( xfB, b->capsule.center1 );
	ttVec3 p2 = ttTransformPoint( xfB, b->capsule.center2 );
	ttVec3 closest = ttClosestOnSegment( xfA.p, p1, p2 );
	return ttCollideSphereCenters( xfA.p, a->sphere.radius, closest, b->capsule.radius, speculative, m );
}

// Closest points of two segments (the standard clamped solution of the 2x2 system).
void ttClosestSegmentPoints( ttVec3 p1, ttVec3 q1, ttVec3 p2, ttVec3 q2, ttVec3* c1, ttVec3* c2 )
{
	ttVec3 d1 = ttSub( q1, p1 );
	ttVec3 d2 = ttSub( q2, p2 );
	ttVec3 r = ttSub( p1, p2 );
	ttReal a = ttDot( d1, d1 );
	ttReal e = ttDot( d2, d2 );
	ttReal f = ttDot( d2, r );
	ttReal s = 0, t = 0;
	if ( a <= (ttReal)1e-20 && e <= (ttReal)1e-20 )
	{
		s = t = 0;
	}
	else if ( a <= (ttReal)1e-20 )
	{
		t = ttClampReal( f / e, 0, 1 );
	}
	else
	{
		ttReal c = ttDot( d1, r );
		if ( e <= (ttReal)1e-20 )
		{
			s = ttClampReal( -c / a, 0, 1 );
		}
		else
		{
			ttReal b = ttDot( d1, d2 );
			ttReal denominator = a * e - b * b;
			s = denominator > 0 ? ttClampReal( ( b * f - c * e ) / denominator, 0, 1 ) : 0;
			t = ( b * s + f ) / e;
			if ( t < 0 )
			{
				t = 0;
				s = ttClampReal( -c / a, 0, 1 );
			}
			else if ( t > 1 )
			{
				t = 1;
				s = ttClampReal( ( b - c ) / a, 0, 1 );
			}
		}
	}
	*c1 = ttMulAdd( p1, s, d1 );
	*c2 = ttMulAdd( p2, t, d2 );
}

// Capsules: the closest pair of axis points; nearly parallel capsules get a second point at the
// other end of their overlap so that a capsule lying on another one does not rock.
static bool ttCollideCapsules( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                               ttManifoldGeometry* m )
{
	ttVec3 a1 = ttTransformPoint( xfA, a->capsule.center1 );
	ttVec3 a2 = ttTransformPoint( xfA, a->capsule.center2 );
	ttVec3 b1 = ttTransformPoint( xfB, b->capsule.center1 );
	ttVec3 b2 = ttTransformPoint( xfB, b->capsule.center2 );
	ttVec3 ca, cb;
	ttClosestSegmentPoints( a1, a2, b1, b2, &ca, &cb );
	if ( ttCollideSphereCenters( ca, a->capsule.radius, cb, b->capsule.radius, speculative, m ) == false )
	{
		return false;
	}
	ttVec3 da = ttNormalize( ttSub( a2, a1 ) );
	ttVec3 db = ttNormalize( ttSub( b2, b1 ) );
	if ( ttLength( ttCross( da, db ) ) < (ttReal)0.01 )
	{
		// Try the end of B's segment farthest from the first point, projected onto A.
		ttVec3 far = ttDistance( b1, cb ) > ttDistance( b2, cb ) ? b1 : b2;
		ttVec3 onA = ttClosestOnSegment( far, a1, a2 );
		ttManifoldGeometry second;
		if ( ttDistance( onA, ca ) > (ttReal)1e-3 &&
		     ttCollideSphereCenters( onA, a->capsule.radius, far, b->capsule.radius, speculative, &second ) )
		{
			m->points[1] = second.points[0];
			m->pointCount = 2;
		}
	}
	return true;
}

static bool ttCollideSphereBox( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB,
                                ttReal speculative, ttManifoldGeometry* m )
{
	ttVec3 local = ttInvTransformPoint( xfB, xfA.p );
	ttVec3 e = b->box.halfExtents;
	ttVec3 closest = { ttClampReal( local.x, -e.x, e.x ), ttClampReal( local.y, -e.y, e.y ),
	                   ttClampReal( local.z, -e.z, e.z ) };
	ttReal r = a->sphere.radius;
	ttVec3 normalLocal; // from the sphere (A) into the box (B)
	ttReal separation;
	ttVec3 offset = ttSub( local, closest );
	ttReal distance = ttLength( offset );
	if ( distance > 0 )
	{
		normalLocal = ttScale( -1 / distance, offset );
		separation = distance - r;
	}
	else
	{
		// Centre inside: leave through the nearest face.
		ttReal depth[3] = { e.x - ttAbs( local.x ), e.y - ttAbs( local.y ), e.z - ttAbs( local.z ) };
		int axis = depth[0] < depth[1] ? ( depth[0] < depth[2] ? 0 : 2 ) : ( depth[1] < depth[2] ? 1 : 2 );
		ttReal coordinates[3] = { local.x, local.y, local.z };
		ttReal sign = coordinates[axis] >= 0 ? 1 : -1;
		ttReal n[3] = { 0, 0, 0 };
		n[axis] = -sign;
		normalLocal = ( ttVec3 ){ n[0], n[1], n[2] };
		ttReal c[3] = { local.x, local.y, local.z };
		c[axis] = sign * ( axis == 0 ? e.x : ( axis == 1 ? e.y : e.z ) );
		closest = ( ttVec3 ){ c[0], c[1], c[2] };
		separation = -depth[axis] - r;
	}
	if ( separation > speculative )
	{
		return false;
	}
	m->normal = ttRotate( xfB.q, normalLocal );
	m->pointCount = 1;
	m->points[0].pointB = ttTransformPoint( xfB, closest );
	m->points[0].pointA = ttMulAdd( xfA.p, r, m->normal );
	m->points[0].separation = separation;
	return true;
}

// World normal and offset of a plane shape.
static void ttWorldPlane( const ttShape* plane, ttTransform xf, ttVec3* normal, ttReal* offset )
{
	*normal = ttRotate( xf.q, plane->plane.normal );
	*offset = plane->plane.offset + ttDot( *normal, xf.p );
}

// One point of shape B at world position p with radius r against the plane (A); its feature id
// is B's vertex (or capsule end) number plus one.
static void ttAddPlanePoint( ttVec3 normal, ttReal offset, ttVec3 p, ttReal radius, ttReal speculative, uint32_t id,
                             ttManifoldGeometry* m )
{
	ttReal separation = ttDot( normal, p ) - offset - radius;
	if ( separation > speculative || m->pointCount == TT_MAX_MANIFOLD_POINTS )
	{
		return;
	}
	ttContactGeometry* g = m->points + m->pointCount++;
	g->pointB = ttMulAdd( p, -radius, normal );
	g->pointA = ttMulAdd( g->pointB, -separation, normal );
	g->separation = separation;
	g->id = id;
	m->featureIds = true;
}

static bool ttCollidePlaneSphere( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB,
                                  ttReal speculative, ttManifoldGeometry* m )
{
	ttReal offset;
	ttWorldPlane( a, xfA, &m->normal, &offset );
	m->pointCount = 0;
	ttAddPlanePoint( m->normal, offset, xfB.p, b->sphere.radius, speculative, 1, m );
	return m->pointCount > 0;
}

static bool ttCollidePlaneCapsule( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB,
                                   ttReal speculative, ttManifoldGeometry* m )
{
	ttReal offset;
	ttWorldPlane( a, xfA, &m->normal, &offset );
	m->pointCount = 0;
	ttAddPlanePoint( m->normal, offset, ttTransformPoint( xfB, b->capsule.center1 ), b->capsule.radius, speculative, 1,
	                 m );
	ttAddPlanePoint( m->normal, offset, ttTransformPoint( xfB, b->capsule.center2 ), b->capsule.radius, speculative, 2,
	                 m );
	return m->pointCount > 0;
}

static bool ttCollidePlaneBox( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                               ttManifoldGeometry* m )
{
	ttReal offset;
	ttWorldPlane( a, xfA, &m->normal, &offset );
	m->pointCount = 0;
	ttVec3 e = b->box.halfExtents;
	for ( int i = 0; i < 8; ++i )
	{
		ttVec3 corner = { ( i & 1 ) ? e.x : -e.x, ( i & 2 ) ? e.y : -e.y, ( i & 4 ) ? e.z : -e.z };
		ttAddPlanePoint( m->normal, offset, ttTransformPoint( xfB, corner ), 0, speculative, (uint32_t)i + 1, m );
	}
	return m->pointCount > 0;
}

// Indexed [A type][B type]; a missing entry is tried with the shapes swapped.
// clang-format off
static ttCollideFcn* const s_collideTable[ttShape_count][ttShape_count] = {
	[ttShape_sphere][ttShape_sphere] = ttCollideSpheres,
	[ttShape_sphere][ttShape_capsule] = ttCollideSphereCapsule,
	[ttShape_sphere][ttShape_box] = ttCollideSphereBox,
	[ttShape_capsule][ttShape_capsule] = ttCollideCapsules,
	[ttShape_box][ttShape_box] = ttCollideBoxes,
	[ttShape_box][ttShape_hull] = ttCollideHulls,
	[ttShape_hull][ttShape_hull] = ttCollideHulls,
	[ttShape_plane][ttShape_sphere] = ttCollidePlaneSphere,
	[ttShape_plane][ttShape_capsule] = ttCollidePlaneCapsule,
	[ttShape_plane][ttShape_box] = ttCollidePlaneBox,
	[ttShape_plane][ttShape_cylinder] = ttCollidePlaneCylinder,
	[ttShape_plane][ttShape_hull] = ttCollidePlaneHull,
	[ttShape_curve][ttShape_sphere] = ttCollideCurve,
	[ttShape_curve][ttShape_capsule] = ttCollideCurve,
	[ttShape_curve][ttShape_box] = ttCollideCurve,
	[ttShape_curve][ttShape_cylinder] = ttCollideCurve,
	[ttShape_curve][ttShape_hull] = ttCollideCurve,
};
// clang-format on

bool ttCollideShapes( const ttShape* shapeA, ttTransform xfA, const ttShape* shapeB, ttTransform xfB,
                      ttReal speculativeDistance, ttManifoldGeometry* manifold )
{
	manifold->pointCount = 0;
	manifold->featureIds = false;
	manifold->key = 0;
	ttCollideFcn* fcn = s_collideTable[shapeA->type][shapeB->type];
	if ( fcn != NULL )
	{
		return fcn( shapeA, xfA, shapeB, xfB, speculativeDistance, manifold );
	}
	fcn = s_collideTable[shapeB->type][shapeA->type];
	if ( fcn == NULL && shapeA->type != ttShape_plane && shapeB->type != ttShape_plane )
	{
		// Any convex pair without a special routine: GJK/EPA with face clipping (gjk.h).
		return ttCollideConvex( shapeA, xfA, shapeB, xfB, speculativeDistance, manifold );
	}
	if ( fcn == NULL || fcn( shapeB, xfB, shapeA, xfA, speculativeDistance, manifold ) == false )
	{
		return false;
	}
	manifold->normal = ttNeg( manifold->normal );
	for ( int i = 0; i < manifold->pointCount; ++i )
	{
		ttContactGeometry* g = manifold->points + i;
		ttVec3 swap = g->pointA;
		g->pointA = g->pointB;
		g->pointB = swap;
	}
	return true;
}
