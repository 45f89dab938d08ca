// SPDX-License-Identifier: MIT
// Curves: the sampled polyline shared by path joints and curve shapes. A smooth curve is a
// uniform Catmull-Rom spline through the user's points, sampled into a dense polyline; both are
// then parameterised by arc length s and searched segment by segment for the nearest point.
#include "curve.h"

#include "core.h"

#include "tether/math_functions.h"

#include <math.h>

const char* ttCurve_CheckPoints( const ttVec3* points, int count, bool closed )
{
	if ( points == NULL || count < 2 || ( closed && count < 3 ) || count > 1000000 )
	{
		return "a curve needs points (at least 2, or 3 when closed, at most 1000000)";
	}
	for ( int i = 0; i < count; ++i )
	{
		if ( ttIsValidVec3( points[i] ) == false )
		{
			return "curve points must be finite";
		}
		if ( i > 0 && ttDistance( points[i], points[i - 1] ) <= 0 )
		{
			return "consecutive curve points must differ";
		}
	}
	return NULL;
}

// Samples per span of the spline: the chord of a quarter circle in 16 pieces deviates 0.1 % of
// its radius from the arc.
#define TT_CURVE_SAMPLES 16
// How many segments on either side of the last one a solve searches before searching them all.
#define TT_CURVE_WINDOW 24

// Uniform Catmull-Rom between p1 and p2 at t in [0, 1].
static ttVec3 ttCatmullRom( ttVec3 p0, ttVec3 p1, ttVec3 p2, ttVec3 p3, ttReal t )
{
	ttReal t2 = t * t, t3 = t2 * t;
	ttReal a = -t3 + 2 * t2 - t, b = 3 * t3 - 5 * t2 + 2, c = -3 * t3 + 4 * t2 + t, d = t3 - t2;
	ttVec3 r = ttScale( a, p0 );
	r = ttMulAdd( r, b, p1 );
	r = ttMulAdd( r, c, p2 );
	r = ttMulAdd( r, d, p3 );
	return ttScale( (ttReal)0.5, r );
}

ttCurve* ttCurve_Create( const ttVec3* points, int count, bool closed, bool smooth, ttTransform transform )
{
	int spans = closed ? count : count - 1;
	int samples = smooth ? spans * TT_CURVE_SAMPLES + 1 : spans + 1;
	ttCurve* curve = ttAlloc( sizeof( ttCurve ) );
	if ( curve == NULL )
	{
		return NULL;
	}
	curve->points = ttAlloc( sizeof( ttVec3 ) * (size_t)samples );
	curve->arc = ttAlloc( sizeof( ttReal ) * (size_t)samples );
	if ( curve->points == NULL || curve->arc == NULL )
	{
		ttCurve_Destroy( curve );
		return NULL;
	}
	curve->count = samples;
	curve->closed = closed;
	int k = 0;
	for ( int span = 0; span < spans; ++span )
	{
		// Neighbours wrap on a closed curve and repeat the end point on an open one.
		int i1 = span, i2 = ( span + 1 ) % count;
		int i0 = closed ? ( span + count - 1 ) % count : ( span > 0 ? span - 1 : 0 );
		int i3 = closed ? ( span + 2 ) % count : ( span + 2 < count ? span + 2 : count - 1 );
		int pieces = smooth ? TT_CURVE_SAMPLES : 1;
		for ( int j = 0; j < pieces; ++j )
		{
			ttReal t = (ttReal)j / (ttReal)pieces;
			ttVec3 p = smooth ? ttCatmullRom( points[i0], points[i1], points[i2], points[i3], t ) : points[i1];
			curve->points[k++] = ttTransformPoint( transform, p );
		}
	}
	curve->points[k++] = ttTransformPoint( transform, points[closed ? 0 : count - 1] );
	curve->arc[0] = 0;
	for ( int i = 1; i < samples; ++i )
	{
		curve->arc[i] = curve->arc[i - 1] + ttDistance( curve->points[i - 1], curve->points[i] );
	}
	curve->length = curve->arc[samples - 1];
	return curve;
}

void ttCurve_Destroy( ttCurve* curve )
{
	if ( curve != NULL )
	{
		ttFree( curve->points );
		ttFree( curve->arc );
		ttFree( curve );
	}
}

// The point of segment i nearest to p, as arc length.
static ttReal ttNearestOnSegment( const ttCurve* curve, int i, ttVec3 p, ttReal* distance2 )
{
	ttVec3 a = curve->points[i], b = curve->points[i + 1];
	ttVec3 ab = ttSub( b, a );
	ttReal length2 = ttDot( ab, ab );
	ttReal t = length2 > 0 ? ttClampReal( ttDot( ttSub( p, a ), ab ) / length2, 0, 1 ) : 0;
	ttVec3 q = ttMulAdd( a, t, ab );
	*distance2 = ttDot( ttSub( p, q ), ttSub( p, q ) );
	return curve->arc[i] + t * ( curve->arc[i + 1] - curve->arc[i] );
}

// The nearest point over segments first .. last (indices wrap on a closed curve); *at is the
// offset from `first` of the segment it lies on.
static ttReal ttSearch( const ttCurve* curve, ttVec3 p, int first, int last, int* at )
{
	int segments = curve->count - 1;
	ttReal s = 0, best = TT_HUGE;
	*at = 0;
	for ( int i = first; i <= last; ++i )
	{
		int segment = ( ( i % segments ) + segments ) % segments;
		ttReal d2;
		ttReal candidate = ttNearestOnSegment( curve, segment, p, &d2 );
		if ( d2 < best )
		{
			best = d2;
			s = candidate;
			*at = i - first;
		}
	}
	return s;
}

ttReal ttCurve_Nearest( const ttCurve* curve, ttVec3 p, ttReal near )
{
	int segments = curve->count - 1;
	int at;
	if ( near >= 0 && segments > 2 * TT_CURVE_WINDOW + 1 )
	{
		int around = (int)( ( near / curve->length ) * (ttReal)segments );
		int first = around - TT_CURVE_WINDOW, last = around + TT_CURVE_WINDOW;
		if ( curve->closed == false )
		{
			first = first < 0 ? 0 : first;
			last = last > segments - 1 ? segments - 1 : last;
		}
		ttReal s = ttSearch( curve, p, first, last, &at );
		// Nearest on the window's first or last segment (not at the curve's own end): the point may
		// have moved beyond the window, so look everywhere.
		bool rim = ( at == 0 && ( curve->closed || first > 0 ) ) ||
		           ( at == last - first && ( curve->closed || last < segments - 1 ) );
		if ( rim == false )
		{
			return s;
		}
	}
	return ttSearch( curve, p, 0, segments - 1, &at );
}

// Position and unit tangent at arc length s (wrapped on a closed curve, clamped on an open one).
void ttCurve_Evaluate( const ttCurve* curve, ttReal s, ttVec3* point, ttVec3* tangent )
{
	if ( curve->closed )
	{
		s = s - curve->length * (ttReal)floor( (double)( s / curve->length ) );
	}
	s = ttClampReal( s, 0, curve->length );
	int lo = 0, hi = curve->count - 1;
	while ( hi - lo > 1 )
	{
		int mid = ( lo + hi ) / 2;
		if ( curve->arc[mid] <= s )
		{
			lo = mid;
		}
		else
		{
			hi = mid;
		}
	}
	ttReal span = curve->arc[hi] - curve->arc[lo];
	ttReal t = span > 0 ? ( s - curve->arc[lo] ) / span : 0;
	ttVec3 ab = ttSub( curve->points[hi], curve->points[lo] );
	*point = ttMulAdd( curve->points[lo], t, ab );
	*tangent = ttNormalize( ab );
}

ttAABB ttCurve_Bounds( const ttCurve* curve, ttTransform xf )
{
	ttVec3 first = ttTransformPoint( xf, curve->points[0] );
	ttAABB box = { first, first };
	for ( int i = 1; i < curve->count; ++i )
	{
		ttVec3 p = ttTransformPoint( xf, curve->points[i] );
		box.lower =
		    ( ttVec3 ){ ttMinReal( box.lower.x, p.x ), ttMinReal( box.lower.y, p.y ), ttMinReal( box.lower.z, p.z ) };
		box.upper =
		    ( ttVec3 ){ ttMaxReal( box.upper.x, p.x ), ttMaxReal( box.upper.y, p.y ), ttMaxReal( box.upper.z, p.z ) };
	}
	return box;
}
