// SPDX-License-Identifier: MIT
// Curves: the sampled polyline shared by path joints and curve shapes. A smooth curve is a
// uniform Catmull-Rom spline through the user's points, sampled into a dense polyline; both are
// then parameterised by arc length s and searched segment by segment for the nearest point.
#include "curve.h"

#include "core.h"

#include "tether/math_functions.h"

#include <math.h>
#include <string.h>

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

// Uniform Catmull-Rom between p[1] and p[2] at t in [0, 1], with its first and second
// derivatives in t (either may be NULL).
static ttVec3 ttCatmullRom( const ttVec3 p[4], ttReal t, ttVec3* first, ttVec3* second )
{
	ttReal t2 = t * t, t3 = t2 * t;
	ttReal w[4] = { -t3 + 2 * t2 - t, 3 * t3 - 5 * t2 + 2, -3 * t3 + 4 * t2 + t, t3 - t2 };
	ttReal w1[4] = { -3 * t2 + 4 * t - 1, 9 * t2 - 10 * t, -9 * t2 + 8 * t + 1, 3 * t2 - 2 * t };
	ttReal w2[4] = { -6 * t + 4, 18 * t - 10, -18 * t + 8, 6 * t - 2 };
	ttVec3 r = TT_VEC3_ZERO, r1 = TT_VEC3_ZERO, r2 = TT_VEC3_ZERO;
	for ( int i = 0; i < 4; ++i )
	{
		r = ttMulAdd( r, w[i], p[i] );
		r1 = ttMulAdd( r1, w1[i], p[i] );
		r2 = ttMulAdd( r2, w2[i], p[i] );
	}
	if ( first != NULL )
	{
		*first = ttScale( (ttReal)0.5, r1 );
	}
	if ( second != NULL )
	{
		*second = ttScale( (ttReal)0.5, r2 );
	}
	return ttScale( (ttReal)0.5, r );
}

// The four control points of span `span` (from point span to point span + 1): neighbours wrap on
// a closed curve and repeat the end point on an open one.
static void ttSpanPoints( const ttVec3* points, int count, bool closed, int span, ttVec3 p[4] )
{
	int i1 = span, i2 = ( span + 1 ) % count;
	int i0 = closed ? ( span + count - 1 ) % count : ( span > 0 ? span - 1 : 0 );
	int i3 = closed ? ( span + 2 ) % count : ( span + 2 < count ? span + 2 : count - 1 );
	p[0] = points[i0];
	p[1] = points[i1];
	p[2] = points[i2];
	p[3] = points[i3];
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
	curve->control = NULL;
	curve->given = NULL;
	curve->points = ttAlloc( sizeof( ttVec3 ) * (size_t)samples );
	curve->arc = ttAlloc( sizeof( ttReal ) * (size_t)samples );
	if ( curve->points == NULL || curve->arc == NULL )
	{
		ttCurve_Destroy( curve );
		return NULL;
	}
	curve->count = samples;
	curve->closed = closed;
	curve->smooth = smooth;
	curve->controlCount = count;
	curve->control = NULL;
	curve->given = ttAlloc( sizeof( ttVec3 ) * (size_t)count );
	if ( curve->given == NULL )
	{
		ttCurve_Destroy( curve );
		return NULL;
	}
	memcpy( curve->given, points, sizeof( ttVec3 ) * (size_t)count );
	if ( smooth )
	{
		curve->control = ttAlloc( sizeof( ttVec3 ) * (size_t)count );
		if ( curve->control == NULL )
		{
			ttCurve_Destroy( curve );
			return NULL;
		}
		for ( int i = 0; i < count; ++i )
		{
			curve->control[i] = ttTransformPoint( transform, points[i] );
		}
	}
	int k = 0;
	for ( int span = 0; span < spans; ++span )
	{
		int pieces = smooth ? TT_CURVE_SAMPLES : 1;
		for ( int j = 0; j < pieces; ++j )
		{
			if ( smooth )
			{
				ttVec3 p[4];
				ttSpanPoints( curve->control, count, closed, span, p );
				curve->points[k++] = ttCatmullRom( p, (ttReal)j / (ttReal)pieces, NULL, NULL );
			}
			else
			{
				curve->points[k++] = ttTransformPoint( transform, points[span] );
			}
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
		ttFree( curve->control );
		ttFree( curve->given );
		ttFree( curve );
	}
}

const ttVec3* ttCurve_GetControlPoints( const ttCurve* curve, int* count, bool* closed, bool* smooth )
{
	*count = curve->controlCount;
	*closed = curve->closed;
	*smooth = curve->smooth;
	return curve->given;
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

static ttReal ttNearestSample( const ttCurve* curve, ttVec3 p, ttReal near )
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

// The sample segment lo (to lo + 1) that arc length s falls in and the fraction t along it
// (s wrapped on a closed curve, clamped on an open one).
static void ttLocate( const ttCurve* curve, ttReal s, int* segment, ttReal* t )
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
	*segment = lo;
	*t = span > 0 ? ttClampReal( ( s - curve->arc[lo] ) / span, 0, 1 ) : 0;
}

// Arc length of the spline's span `span` at parameter u: linear within each sample segment, so
// that ttLocate maps it back to the same u.
static ttReal ttSplineArc( const ttCurve* curve, int span, ttReal u )
{
	ttReal x = u * (ttReal)TT_CURVE_SAMPLES;
	int j = (int)floor( (double)x );
	j = j < 0 ? 0 : ( j > TT_CURVE_SAMPLES - 1 ? TT_CURVE_SAMPLES - 1 : j );
	int k = span * TT_CURVE_SAMPLES + j;
	return curve->arc[k] + ( x - (ttReal)j ) * ( curve->arc[k + 1] - curve->arc[k] );
}

// Newton on the span's parameter u for (C(u) - p) . C'(u) = 0, from the samples' answer s; u
// stays within the span (the sample search picked the span).
static ttReal ttRefineOnSpline( const ttCurve* curve, ttVec3 p, ttReal s )
{
	int segment;
	ttReal t;
	ttLocate( curve, s, &segment, &t );
	int span = segment / TT_CURVE_SAMPLES;
	ttReal u = ( (ttReal)( segment - span * TT_CURVE_SAMPLES ) + t ) / (ttReal)TT_CURVE_SAMPLES;
	ttVec3 control[4];
	ttSpanPoints( curve->control, curve->controlCount, curve->closed, span, control );
	for ( int iteration = 0; iteration < 3; ++iteration )
	{
		ttVec3 first, second;
		ttVec3 offset = ttSub( ttCatmullRom( control, u, &first, &second ), p );
		ttReal slope = ttDot( first, first ) + ttDot( offset, second );
		if ( slope <= 0 )
		{
			break;
		}
		u = ttClampReal( u - ttDot( offset, first ) / slope, 0, 1 );
	}
	return ttSplineArc( curve, span, u );
}

ttReal ttCurve_Nearest( const ttCurve* curve, ttVec3 p, ttReal near )
{
	ttReal s = ttNearestSample( curve, p, near );
	return curve->smooth ? ttRefineOnSpline( curve, p, s ) : s;
}

bool ttCurve_NearestWithin( const ttCurve* curve, ttVec3 p, ttReal reach, ttReal* s )
{
	ttReal best = reach * reach;
	bool found = false;
	for ( int i = 0; i + 1 < curve->count; ++i )
	{
		// Cheap rejection first: the segment's box grown by the reach must hold p.
		ttVec3 a = curve->points[i], b = curve->points[i + 1];
		if ( p.x < ttMinReal( a.x, b.x ) - reach || p.x > ttMaxReal( a.x, b.x ) + reach ||
		     p.y < ttMinReal( a.y, b.y ) - reach || p.y > ttMaxReal( a.y, b.y ) + reach ||
		     p.z < ttMinReal( a.z, b.z ) - reach || p.z > ttMaxReal( a.z, b.z ) + reach )
		{
			continue;
		}
		ttReal d2;
		ttReal candidate = ttNearestOnSegment( curve, i, p, &d2 );
		if ( d2 <= best )
		{
			best = d2;
			*s = candidate;
			found = true;
		}
	}
	if ( found && curve->smooth )
	{
		*s = ttRefineOnSpline( curve, p, *s );
	}
	return found;
}

void ttCurve_Evaluate( const ttCurve* curve, ttReal s, ttVec3* point, ttVec3* tangent )
{
	int lo;
	ttReal t;
	ttLocate( curve, s, &lo, &t );
	if ( curve->smooth )
	{
		int span = lo / TT_CURVE_SAMPLES;
		ttReal u = ( (ttReal)( lo - span * TT_CURVE_SAMPLES ) + t ) / (ttReal)TT_CURVE_SAMPLES;
		ttVec3 control[4], first;
		ttSpanPoints( curve->control, curve->controlCount, curve->closed, span, control );
		*point = ttCatmullRom( control, u, &first, NULL );
		*tangent = ttNormalize( first );
		return;
	}
	ttVec3 ab = ttSub( curve->points[lo + 1], curve->points[lo] );
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
