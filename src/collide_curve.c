// SPDX-License-Identifier: MIT
// Contacts with curve shapes. A sphere against a spline touches the tube around the spline
// itself: the normal is the direction from the spline's nearest point to the sphere's centre.
// Everything else (spheres on polylines, capsules, boxes, hulls, cylinders) meets the tube as the
// union of one capsule per segment of the sampled curve: its contact with the nearest of those
// capsules, joined by the agreeing points of the others.
#include "collide_curve.h"

#include "curve.h"
#include "dynamic_tree.h"

// Points of other segments join the deepest segment's manifold when their normals agree within
// this cosine (about 2.6 degrees): a capsule lying along a gently bending wire rests on several
// segments at once, and one short segment alone would let it rock.
#define TT_CURVE_NORMAL_AGREEMENT ( (ttReal)0.999 )

static ttReal ttDeepest( const ttManifoldGeometry* m )
{
	ttReal deepest = TT_HUGE;
	for ( int i = 0; i < m->pointCount; ++i )
	{
		deepest = ttMinReal( deepest, m->points[i].separation );
	}
	return deepest;
}

// Add point g to the manifold unless one there is within `merge` of it; when the manifold is full,
// g replaces the point nearest to another one if that spreads the points wider.
static void ttAddCurvePoint( ttManifoldGeometry* m, const ttContactGeometry* g, ttReal merge )
{
	for ( int i = 0; i < m->pointCount; ++i )
	{
		if ( ttDistance( m->points[i].pointB, g->pointB ) <= merge )
		{
			if ( g->separation < m->points[i].separation )
			{
				m->points[i] = *g;
			}
			return;
		}
	}
	if ( m->pointCount < TT_MAX_MANIFOLD_POINTS )
	{
		m->points[m->pointCount++] = *g;
	}
}

// A sphere against a spline: the nearest point of the spline itself (the samples find its span,
// Newton refines it: curve.c), so that the normal turns with the spline's own tangent rather
// than in steps from sample segment to sample segment.
static bool ttCollideSplineSphere( const ttShape* curve, ttTransform xfCurve, const ttShape* sphere,
                                   ttTransform xfSphere, ttReal speculative, ttManifoldGeometry* manifold )
{
	const ttCurve* samples = curve->curve.samples;
	ttVec3 center = ttInvTransformPoint( xfCurve, xfSphere.p );
	// The spline stays within the samples' tube of a small fraction of a span; 10 % of the reach
	// more covers it.
	ttReal reach = curve->curve.radius + sphere->sphere.radius + speculative;
	ttReal s;
	if ( ttCurve_NearestWithin( samples, center, (ttReal)1.1 * reach, &s ) == false )
	{
		return false;
	}
	ttVec3 point, tangent;
	ttCurve_Evaluate( samples, s, &point, &tangent );
	ttReal distance;
	ttVec3 n = ttGetLengthAndNormalize( &distance, ttSub( center, point ) );
	ttReal separation = distance - curve->curve.radius - sphere->sphere.radius;
	if ( distance <= 0 || separation > speculative )
	{
		return false;
	}
	ttVec3 normal = ttRotate( xfCurve.q, n );
	manifold->normal = normal;
	manifold->pointCount = 1;
	ttContactGeometry* g = manifold->points;
	g->pointA = ttTransformPoint( xfCurve, ttMulAdd( point, curve->curve.radius, n ) );
	g->pointB = ttMulAdd( xfSphere.p, -sphere->sphere.radius, normal );
	g->separation = separation;
	g->id = 0;
	return true;
}

bool ttCollideCurve( const ttShape* curve, ttTransform xfCurve, const ttShape* other, ttTransform xfOther,
                     ttReal speculative, ttManifoldGeometry* manifold )
{
	if ( other->type == ttShape_sphere && curve->curve.samples->smooth )
	{
		manifold->pointCount = 0;
		manifold->featureIds = false;
		manifold->key = 0;
		return ttCollideSplineSphere( curve, xfCurve, other, xfOther, speculative, manifold );
	}
	const ttCurve* samples = curve->curve.samples;
	ttReal reach = curve->curve.radius + speculative;
	// The other shape's box in the curve's frame, where the samples are.
	ttAABB box = ttShape_ComputeAabb( other, ttInvMulTransforms( xfCurve, xfOther ) );
	box.lower = ttSub( box.lower, ( ttVec3 ){ reach, reach, reach } );
	box.upper = ttAdd( box.upper, ( ttVec3 ){ reach, reach, reach } );

	ttManifoldGeometry found[2];
	int best = -1;
	ttReal bestSeparation = TT_HUGE;
	manifold->pointCount = 0;
	manifold->featureIds = false;
	manifold->key = 0;
	// First pass: the deepest segment.
	int segments = samples->count - 1;
	for ( int i = 0; i < segments; ++i )
	{
		ttVec3 a = samples->points[i], b = samples->points[i + 1];
		ttAABB segment = { { ttMinReal( a.x, b.x ), ttMinReal( a.y, b.y ), ttMinReal( a.z, b.z ) },
		                   { ttMaxReal( a.x, b.x ), ttMaxReal( a.y, b.y ), ttMaxReal( a.z, b.z ) } };
		if ( ttAABB_Overlaps( segment, box ) == false )
		{
			continue;
		}
		ttShape capsule;
		ttCurveShape_Segment( curve, i, &capsule );
		ttManifoldGeometry* slot = found + ( best == 0 ? 1 : 0 );
		if ( ttCollideShapes( &capsule, xfCurve, other, xfOther, speculative, slot ) == false || slot->pointCount == 0 )
		{
			continue;
		}
		ttReal separation = ttDeepest( slot );
		if ( separation < bestSeparation )
		{
			bestSeparation = separation;
			best = (int)( slot - found );
		}
	}
	if ( best < 0 )
	{
		return false;
	}
	*manifold = found[best];
	manifold->featureIds = false;
	manifold->key = 0;
	if ( other->type == ttShape_sphere )
	{
		return true; // one point, the nearest: done
	}
	// Second pass: points of the segments that push the same way (a capsule along the wire).
	ttVec3 normal = manifold->normal;
	ttReal merge = (ttReal)0.25 * curve->curve.radius;
	for ( int i = 0; i < segments; ++i )
	{
		ttVec3 a = samples->points[i], b = samples->points[i + 1];
		ttAABB segment = { { ttMinReal( a.x, b.x ), ttMinReal( a.y, b.y ), ttMinReal( a.z, b.z ) },
		                   { ttMaxReal( a.x, b.x ), ttMaxReal( a.y, b.y ), ttMaxReal( a.z, b.z ) } };
		if ( ttAABB_Overlaps( segment, box ) == false )
		{
			continue;
		}
		ttShape capsule;
		ttCurveShape_Segment( curve, i, &capsule );
		ttManifoldGeometry extra;
		if ( ttCollideShapes( &capsule, xfCurve, other, xfOther, speculative, &extra ) == false ||
		     ttDot( extra.normal, normal ) < TT_CURVE_NORMAL_AGREEMENT )
		{
			continue;
		}
		for ( int k = 0; k < extra.pointCount; ++k )
		{
			ttAddCurvePoint( manifold, extra.points + k, merge );
		}
	}
	return true;
}
