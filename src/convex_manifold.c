// SPDX-License-Identifier: MIT
// Contact manifolds for convex pairs without a special routine. GJK/EPA give the normal and the
// deepest pair of points. When both shapes present a face (or a capsule/cylinder side segment) to
// each other, the incident feature is clipped against the side planes of the reference face
// (Sutherland-Hodgman, as in the SAT manifolds of Gregorius's GDC 2013 talk and Box2D), so boxes
// and hulls resting on each other get up to 4 points instead of one rocking point. The pipeline
// recomputes all of this at every substep.
#include "contact.h"
#include "gjk.h"
#include "hull.h"

#define TT_FEATURE_MAX 16
#define TT_CLIP_MAX 40
// A face is used for clipping only when its normal is within about 18 degrees of the contact
// normal; beyond that the contact is an edge or a vertex and one point describes it.
#define TT_FACE_ALIGNMENT ( (ttReal)0.95 )
// Cylinder caps are represented by an inscribed octagon of rim points (real surface points).
#define TT_CAP_POINTS 8

typedef struct ttFeature
{
	ttVec3 points[TT_FEATURE_MAX]; ///< world, counter-clockwise about normal for faces
	int count;                     ///< 1 point, 2 segment, >= 3 face
	ttVec3 normal;                 ///< world outward face normal (faces only)
} ttFeature;

// The feature of a shape that faces direction d (world): the face most aligned with d when it is
// aligned enough, a side segment for capsules and cylinders lying across d, else one point.
static void ttGetFeature( const ttConvexProxy* proxy, ttVec3 d, ttFeature* f )
{
	ttTransform xf = proxy->xf;
	ttVec3 local = ttInvRotate( xf.q, d );
	const ttShape* shape = proxy->shape;
	f->count = 0;
	switch ( shape->type )
	{
		case ttShape_box:
		{
			ttVec3 e = shape->box.halfExtents;
			ttReal c[3] = { local.x, local.y, local.z };
			int axis = ttAbs( c[0] ) > ttAbs( c[1] ) ? ( ttAbs( c[0] ) > ttAbs( c[2] ) ? 0 : 2 )
			                                         : ( ttAbs( c[1] ) > ttAbs( c[2] ) ? 1 : 2 );
			ttReal sign = c[axis] >= 0 ? 1 : -1;
			if ( ttAbs( c[axis] ) < TT_FACE_ALIGNMENT * ttLength( local ) )
			{
				break;
			}
			// Corners of the face: u, v span it so that (u, v, n) is right-handed.
			ttReal ev[3] = { e.x, e.y, e.z };
			int iu = ( axis + 1 ) % 3, iv = ( axis + 2 ) % 3;
			ttReal su[4] = { 1, -1, -1, 1 }, sv[4] = { 1, 1, -1, -1 };
			for ( int k = 0; k < 4; ++k )
			{
				ttReal p[3];
				p[axis] = sign * ev[axis];
				// For the negative face, reverse the winding by mirroring v.
				p[iu] = su[k] * ev[iu];
				p[iv] = sign * sv[k] * ev[iv];
				f->points[k] = ttTransformPoint( xf, ( ttVec3 ){ p[0], p[1], p[2] } );
			}
			ttReal n[3] = { 0, 0, 0 };
			n[axis] = sign;
			f->normal = ttRotate( xf.q, ( ttVec3 ){ n[0], n[1], n[2] } );
			f->count = 4;
			return;
		}
		case ttShape_hull:
		{
			const ttHullData* hull = shape->hull;
			const ttHullFace* face = hull->faces + ttHull_BestFace( hull, local );
			if ( ttDot( face->normal, local ) < TT_FACE_ALIGNMENT * ttLength( local ) || face->count > TT_FEATURE_MAX )
			{
				break;
			}
			for ( int k = 0; k < face->count; ++k )
			{
				f->points[k] = ttTransformPoint( xf, hull->vertices[hull->indices[face->firstIndex + k]] );
			}
			f->normal = ttRotate( xf.q, face->normal );
			f->count = face->count;
			return;
		}
		case ttShape_cylinder:
		{
			ttReal h = shape->cylinder.halfHeight, r = shape->cylinder.radius;
			ttReal length = ttLength( local );
			if ( ttAbs( local.y ) >= TT_FACE_ALIGNMENT * length )
			{
				ttReal sign = local.y >= 0 ? 1 : -1;
				for ( int k = 0; k < TT_CAP_POINTS; ++k )
				{
					// Counter-clockwise about +y is decreasing angle in (x, z); mirrored for -y.
					ttReal angle = -sign * 2 * TT_PI * (ttReal)k / (ttReal)TT_CAP_POINTS;
					f->points[k] =
					    ttTransformPoint( xf, ( ttVec3 ){ r * ttCos( angle ), sign * h, r * ttSin( angle ) } );
				}
				f->normal = ttRotate( xf.q, ( ttVec3 ){ 0, sign, 0 } );
				f->count = TT_CAP_POINTS;
				return;
			}
			ttReal radial = ttSqrt( local.x * local.x + local.z * local.z );
			if ( radial >= TT_FACE_ALIGNMENT * length )
			{
				ttReal s = r / radial;
				f->points[0] = ttTransformPoint( xf, ( ttVec3 ){ s * local.x, -h, s * local.z } );
				f->points[1] = ttTransformPoint( xf, ( ttVec3 ){ s * local.x, h, s * local.z } );
				f->count = 2;
				return;
			}
			break;
		}
		case ttShape_capsule:
		{
			ttVec3 p1 = ttTransformPoint( xf, shape->capsule.center1 );
			ttVec3 p2 = ttTransformPoint( xf, shape->capsule.center2 );
			ttVec3 axis = ttSub( p2, p1 );
			ttReal length = ttLength( axis );
			if ( length > 0 && ttAbs( ttDot( axis, d ) ) <= ( 1 - TT_FACE_ALIGNMENT ) * length * ttLength( d ) )
			{
				f->points[0] = p1;
				f->points[1] = p2;
				f->count = 2;
				return;
			}
			break;
		}
		default:
			break;
	}
	f->points[0] = ttConvexProxy_Support( proxy, d );
	f->count = 1;
}

// Keep the part of the polygon (or segment, count 2) on the inner side of the plane n . x <= c.
static int ttClipToPlane( const ttVec3* in, int count, ttVec3 n, ttReal c, ttVec3* out )
{
	int outCount = 0;
	int edges = count == 2 ? 1 : count;
	if ( count == 2 )
	{
		ttReal d0 = ttDot( n, in[0] ) - c, d1 = ttDot( n, in[1] ) - c;
		if ( d0 > 0 && d1 > 0 )
		{
			return 0;
		}
		ttVec3 a = in[0], b = in[1];
		if ( d0 > 0 )
		{
			a = ttMulAdd( in[0], d0 / ( d0 - d1 ), ttSub( in[1], in[0] ) );
		}
		if ( d1 > 0 )
		{
			b = ttMulAdd( in[0], d0 / ( d0 - d1 ), ttSub( in[1], in[0] ) );
		}
		out[0] = a;
		out[1] = b;
		return 2;
	}
	for ( int i = 0; i < edges && outCount < TT_CLIP_MAX - 1; ++i )
	{
		ttVec3 a = in[i], b = in[( i + 1 ) % count];
		ttReal da = ttDot( n, a ) - c, db = ttDot( n, b ) - c;
		if ( da <= 0 )
		{
			out[outCount++] = a;
		}
		if ( ( da <= 0 ) != ( db <= 0 ) )
		{
			out[outCount++] = ttMulAdd( a, da / ( da - db ), ttSub( b, a ) );
		}
	}
	return outCount;
}

// Point i projected onto the contact plane (through the origin).
static ttVec3 ttFlatPoint( const ttContactGeometry* points, int i, ttVec3 normal )
{
	return ttMulAdd( points[i].pointB, -ttDot( points[i].pointB, normal ), normal );
}

// Reduce candidate points to at most 4: the deepest, the farthest from it, then the two that
// enlarge the covered area most (the usual heuristic for a stable support polygon). Distances
// and areas are measured in the contact plane, less a penalty for standing off it: a speculative
// point above a touching one (the top cap of a coin lying flat) covers the same area, and must
// not take the touching point's place, or the coin rests on two points and tips into the ground.
// Any count (the mesh narrow phase merges the manifolds of coplanar triangles with it).
int ttReduceManifoldPoints( ttContactGeometry* points, int count, ttVec3 normal )
{
	if ( count <= 4 )
	{
		return count;
	}
	int chosen[4];
	chosen[0] = 0;
	for ( int i = 0; i < count; ++i )
	{
		chosen[0] = points[i].separation < points[chosen[0]].separation ? i : chosen[0];
	}
	ttReal deepest = points[chosen[0]].separation;
	ttVec3 p0 = ttFlatPoint( points, chosen[0], normal );
	// Each pick starts from a valid index (count > 4 points leave one), not -1: a NaN score
	// compares false with everything, and a state gone non-finite must not make this index
	// outside the array.
	chosen[1] = chosen[0] == 0 ? 1 : 0;
	ttReal best = -TT_HUGE;
	for ( int i = 0; i < count; ++i )
	{
		ttReal score = ttDistance( ttFlatPoint( points, i, normal ), p0 ) - ( points[i].separation - deepest );
		if ( i != chosen[0] && score > best )
		{
			best = score;
			chosen[1] = i;
		}
	}
	ttVec3 p1 = ttFlatPoint( points, chosen[1], normal );
	ttReal reach = ttDistance( p0, p1 );
	best = -TT_HUGE;
	chosen[2] = 0;
	while ( chosen[2] == chosen[0] || chosen[2] == chosen[1] )
	{
		chosen[2] += 1;
	}
	for ( int i = 0; i < count; ++i )
	{
		ttReal area =
		    ttAbs( ttDot( normal, ttCross( ttSub( p1, p0 ), ttSub( ttFlatPoint( points, i, normal ), p0 ) ) ) );
		ttReal score = area - reach * ( points[i].separation - deepest );
		if ( i != chosen[0] && i != chosen[1] && score > best )
		{
			best = score;
			chosen[2] = i;
		}
	}
	ttVec3 p2 = ttFlatPoint( points, chosen[2], normal );
	// The fourth point lies on the other side of the triangle's longest reach: maximise the area
	// added across the edge opposite to the triangle's orientation.
	ttReal orientation = ttDot( normal, ttCross( ttSub( p1, p0 ), ttSub( p2, p0 ) ) ) >= 0 ? 1 : -1;
	ttVec3 triangle[3] = { p0, p1, p2 };
	best = 0;
	chosen[3] = -1;
	for ( int i = 0; i < count; ++i )
	{
		if ( i == chosen[0] || i == chosen[1] || i == chosen[2] )
		{
			continue;
		}
		for ( int e = 0; e < 3; ++e )
		{
			ttVec3 a = triangle[e], b = triangle[( e + 1 ) % 3];
			ttReal area =
			    -orientation * ttDot( normal, ttCross( ttSub( b, a ), ttSub( ttFlatPoint( points, i, normal ), a ) ) );
			ttReal score = area - reach * ( points[i].separation - deepest );
			if ( area > 0 && score > best )
			{
				best = score;
				chosen[3] = i;
			}
		}
	}
	int n = chosen[3] >= 0 ? 4 : 3;
	ttContactGeometry kept[4];
	for ( int i = 0; i < n; ++i )
	{
		kept[i] = points[chosen[i]];
	}
	for ( int i = 0; i < n; ++i )
	{
		points[i] = kept[i];
	}
	return n;
}

// Clip the incident feature against the reference face. refIsA: the reference face is A's.
static int ttClipFeatures( const ttFeature* reference, const ttFeature* incident, bool refIsA, ttReal radiusA,
                           ttReal radiusB, ttReal speculative, ttContactGeometry* out )
{
	ttVec3 bufferA[TT_CLIP_MAX], bufferB[TT_CLIP_MAX];
	int count = incident->count;
	for ( int i = 0; i < count; ++i )
	{
		bufferA[i] = incident->points[i];
	}
	ttVec3* in = bufferA;
	ttVec3* out2 = bufferB;
	ttVec3 n = reference->normal;
	for ( int e = 0; e < reference->count && count > 0; ++e )
	{
		ttVec3 a = reference->points[e], b = reference->points[( e + 1 ) % reference->count];
		ttVec3 side = ttNormalize( ttCross( ttSub( b, a ), n ) );
		count = ttClipToPlane( in, count, side, ttDot( side, a ), out2 );
		ttVec3* swap = in;
		in = out2;
		out2 = swap;
	}
	// Normal of the manifold: the reference face normal, pointing from A to B.
	ttVec3 normal = refIsA ? n : ttNeg( n );
	ttReal offset = ttDot( n, reference->points[0] );
	int pointCount = 0;
	for ( int i = 0; i < count && pointCount < TT_CLIP_MAX; ++i )
	{
		ttReal separation = ttDot( n, in[i] ) - offset - radiusA - radiusB;
		if ( separation > speculative )
		{
			continue;
		}
		ttVec3 onIncident = in[i];
		ttVec3 onReference = ttMulAdd( in[i], -( ttDot( n, in[i] ) - offset ), n );
		ttContactGeometry* g = out + pointCount++;
		ttVec3 coreA = refIsA ? onReference : onIncident;
		ttVec3 coreB = refIsA ? onIncident : onReference;
		g->pointA = ttMulAdd( coreA, radiusA, normal );
		g->pointB = ttMulAdd( coreB, -radiusB, normal );
		g->separation = separation;
	}
	return pointCount;
}

bool ttCollideConvex( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                      ttManifoldGeometry* m )
{
	ttConvexProxy proxyA, proxyB;
	if ( ttConvexProxy_Make( &proxyA, a, xfA ) == false || ttConvexProxy_Make( &proxyB, b, xfB ) == false )
	{
		return false;
	}
	ttConvexContact contact;
	ttConvexContact_Compute( &proxyA, &proxyB, &contact );
	if ( contact.separation > speculative )
	{
		return false;
	}
	m->normal = contact.normal;
	m->pointCount = 1;
	m->points[0].pointA = contact.pointA;
	m->points[0].pointB = contact.pointB;
	m->points[0].separation = contact.separation;

	ttFeature featureA, featureB;
	ttGetFeature( &proxyA, contact.normal, &featureA );
	ttGetFeature( &proxyB, ttNeg( contact.normal ), &featureB );
	if ( featureA.count < 2 || featureB.count < 2 || ( featureA.count < 3 && featureB.count < 3 ) )
	{
		return true;
	}
	// Reference: the face more aligned with the normal, A preferred on near ties so that the
	// choice does not flip between substeps.
	ttReal alignA = featureA.count >= 3 ? ttDot( featureA.normal, contact.normal ) : -1;
	ttReal alignB = featureB.count >= 3 ? -ttDot( featureB.normal, contact.normal ) : -1;
	bool refIsA = alignA >= alignB - (ttReal)1e-3;
	ttContactGeometry points[TT_CLIP_MAX];
	int count = ttClipFeatures( refIsA ? &featureA : &featureB, refIsA ? &featureB : &featureA, refIsA, proxyA.radius,
	                            proxyB.radius, speculative, points );
	if ( count == 0 )
	{
		return true;
	}
	ttVec3 normal = refIsA ? featureA.normal : ttNeg( featureB.normal );
	count = ttReduceManifoldPoints( points, count, normal );
	m->normal = normal;
	m->pointCount = count;
	for ( int i = 0; i < count; ++i )
	{
		m->points[i] = points[i];
	}
	return true;
}

// Plane (A) against a cylinder (B): on each cap the rim point deepest below the plane, and the
// rim points a quarter turn either side of it and opposite, so that a standing cylinder rests on
// four points and a lying one on two.
bool ttCollidePlaneCylinder( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                             ttManifoldGeometry* m )
{
	ttVec3 normal = ttRotate( xfA.q, a->plane.normal );
	ttReal offset = a->plane.offset + ttDot( normal, xfA.p );
	ttVec3 axis = ttRotate( xfB.q, ( ttVec3 ){ 0, 1, 0 } );
	ttVec3 down = ttMulAdd( ttNeg( normal ), ttDot( normal, axis ), axis ); // -n without its axial part
	ttReal length = ttLength( down );
	// Nearly upright, the downhill direction is rounding noise and would turn the four rim points
	// from one substep to the next, so that no point continues the last one (warm starting and
	// friction lose their memory and the cylinder rocks). Below a tilt of 0.02 rad the points are
	// fixed to the body instead: the deepest one is then within a quarter turn of the exact one,
	// at most r (1 - cos 45 deg) 0.02 = 0.6 % of the radius too high.
	ttVec3 u;
	if ( length > (ttReal)0.02 )
	{
		u = ttScale( 1 / length, down );
	}
	else
	{
		u = ttRotate( xfB.q, ( ttVec3 ){ 1, 0, 0 } );
	}
	ttVec3 v = ttCross( axis, u );
	ttReal r = b->cylinder.radius, h = b->cylinder.halfHeight;
	ttContactGeometry candidates[8];
	int count = 0;
	for ( int cap = -1; cap <= 1; cap += 2 )
	{
		ttVec3 center = ttMulAdd( xfB.p, (ttReal)cap * h, axis );
		ttVec3 rim[4] = { ttMulAdd( center, r, u ), ttMulAdd( center, r, v ), ttMulAdd( center, -r, v ),
		                  ttMulAdd( center, -r, u ) };
		for ( int k = 0; k < 4; ++k )
		{
			ttReal separation = ttDot( normal, rim[k] ) - offset;
			if ( separation <= speculative )
			{
				ttContactGeometry* g = candidates + count++;
				g->pointB = rim[k];
				g->pointA = ttMulAdd( rim[k], -separation, normal );
				g->separation = separation;
			}
		}
	}
	m->normal = normal;
	m->pointCount = ttReduceManifoldPoints( candidates, count, normal );
	for ( int i = 0; i < m->pointCount; ++i )
	{
		m->points[i] = candidates[i];
	}
	return m->pointCount > 0;
}

// Plane (A) against a hull (B): every vertex within the speculative distance, reduced to 4.
bool ttCollidePlaneHull( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                         ttManifoldGeometry* m )
{
	ttVec3 normal = ttRotate( xfA.q, a->plane.normal );
	ttReal offset = a->plane.offset + ttDot( normal, xfA.p );
	const ttHullData* hull = b->hull;
	ttContactGeometry candidates[TT_MAX_HULL_VERTICES];
	int count = 0;
	for ( int i = 0; i < hull->vertexCount; ++i )
	{
		ttVec3 p = ttTransformPoint( xfB, hull->vertices[i] );
		ttReal separation = ttDot( normal, p ) - offset;
		if ( separation <= speculative )
		{
			ttContactGeometry* g = candidates + count++;
			g->pointB = p;
			g->pointA = ttMulAdd( p, -separation, normal );
			g->separation = separation;
		}
	}
	m->normal = normal;
	m->pointCount = ttReduceManifoldPoints( candidates, count, normal );
	for ( int i = 0; i < m->pointCount; ++i )
	{
		m->points[i] = candidates[i];
	}
	return m->pointCount > 0;
}
