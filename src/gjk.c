// SPDX-License-Identifier: MIT
// Support functions of the convex cores and the GJK distance algorithm.
//
// GJK (Gilbert, Johnson and Keerthi 1988) walks a simplex of points of the Minkowski difference
// A - B toward the origin: each step finds the point v of the simplex closest to the origin,
// keeps only the vertices of the feature v lies on, and adds the support point w in direction -v.
// The closest-feature search uses the Voronoi regions of points, edges and faces (Ericson,
// Real-Time Collision Detection, 5.1.5-5.1.6). It stops when
//   - |v|^2 - v . w <= eps_rel |v|^2: w brings no more than a relative eps of progress, so |v|
//     is the distance to that accuracy (van den Bergen 1999);
//   - w repeats a simplex vertex, or |v| stops decreasing (rounding: keep the previous simplex);
//   - |v| <= eps_abs: the origin is (numerically) in the simplex, the cores overlap -> EPA.
#include "gjk.h"

#include "hull.h"

#if defined( TT_USE_FLOAT )
#define TT_GJK_RELATIVE 1e-5
#define TT_GJK_ABSOLUTE 1e-5
#else
#define TT_GJK_RELATIVE 1e-10
#define TT_GJK_ABSOLUTE 1e-9
#endif
#define TT_GJK_MAX_ITERATIONS 128
// |volume| <= this * (longest edge)^3: the tetrahedron is flat to rounding (see ttSolveTetrahedron).
// The triple product of edges of length <= L has a rounding error below about 6 eps L^3 (eps =
// 2.2e-16, the geometry is in double whatever ttReal is); 64 eps leaves a margin.
#define TT_GJK_FLAT_VOLUME ( 64 * 2.220446049250313e-16 )

bool ttConvexProxy_Make( ttConvexProxy* proxy, const ttShape* shape, ttTransform xf )
{
	*proxy = ( ttConvexProxy ){ 0 };
	proxy->xf = xf;
	proxy->shape = shape;
	switch ( shape->type )
	{
		case ttShape_sphere:
			proxy->kind = ttConvex_points;
			proxy->localPoints[0] = TT_VEC3_ZERO;
			proxy->points = proxy->localPoints;
			proxy->count = 1;
			proxy->radius = shape->sphere.radius;
			return true;
		case ttShape_capsule:
			proxy->kind = ttConvex_points;
			proxy->localPoints[0] = shape->capsule.center1;
			proxy->localPoints[1] = shape->capsule.center2;
			proxy->points = proxy->localPoints;
			proxy->count = 2;
			proxy->radius = shape->capsule.radius;
			return true;
		case ttShape_box:
			proxy->kind = ttConvex_box;
			proxy->halfExtents = shape->box.halfExtents;
			return true;
		case ttShape_cylinder:
			proxy->kind = ttConvex_cylinder;
			proxy->halfHeight = shape->cylinder.halfHeight;
			proxy->cylinderRadius = shape->cylinder.radius;
			return true;
		case ttShape_hull:
			proxy->kind = ttConvex_points;
			proxy->points = shape->hull->vertices;
			proxy->count = shape->hull->vertexCount;
			return true;
		default:
			return false;
	}
}

// The proxy's points already point into itself when it is copied by value; callers keep proxies
// in place, but a copied sphere or capsule proxy must not read the old storage.
static const ttVec3* ttConvexProxy_Points( const ttConvexProxy* proxy )
{
	return proxy->shape != NULL && proxy->shape->type == ttShape_hull ? proxy->points : proxy->localPoints;
}

ttVec3 ttConvexProxy_Support( const ttConvexProxy* proxy, ttVec3 direction )
{
	ttVec3 d = ttInvRotate( proxy->xf.q, direction );
	ttVec3 local;
	switch ( proxy->kind )
	{
		case ttConvex_box:
		{
			ttVec3 e = proxy->halfExtents;
			local = ( ttVec3 ){ d.x >= 0 ? e.x : -e.x, d.y >= 0 ? e.y : -e.y, d.z >= 0 ? e.z : -e.z };
			break;
		}
		case ttConvex_cylinder:
		{
			// The rim point in the radial direction of d on the cap d points to.
			ttReal radial = ttSqrt( d.x * d.x + d.z * d.z );
			ttReal y = d.y >= 0 ? proxy->halfHeight : -proxy->halfHeight;
			if ( radial > 0 )
			{
				ttReal s = proxy->cylinderRadius / radial;
				local = ( ttVec3 ){ s * d.x, y, s * d.z };
			}
			else
			{
				local = ( ttVec3 ){ 0, y, 0 };
			}
			break;
		}
		default:
		{
			const ttVec3* points = ttConvexProxy_Points( proxy );
			int best = 0;
			ttReal bestDot = ttDot( points[0], d );
			for ( int i = 1; i < proxy->count; ++i )
			{
				ttReal dot = ttDot( points[i], d );
				if ( dot > bestDot )
				{
					bestDot = dot;
					best = i;
				}
			}
			local = points[best];
			break;
		}
	}
	return ttTransformPoint( proxy->xf, local );
}

ttSimplexVertexD ttMinkowskiSupportD( const ttConvexProxy* a, const ttConvexProxy* b, ttVec3d d )
{
	// Normalize in double before narrowing to ttReal: the direction's length carries no meaning,
	// and a unit vector converts to float without underflow or overflow.
	double length = ttVec3d_Length( d );
	ttVec3 direction = ttVec3d_To( length > 0 ? ttVec3d_Scale( 1 / length, d ) : d );
	ttSimplexVertexD v;
	v.wA = ttVec3d_From( ttConvexProxy_Support( a, direction ) );
	v.wB = ttVec3d_From( ttConvexProxy_Support( b, ttNeg( direction ) ) );
	v.w = ttVec3d_Sub( v.wA, v.wB );
	return v;
}

// Closest point to the origin of a segment / triangle / tetrahedron of the simplex: reduces the
// simplex to the vertices of the closest feature and writes their barycentric weights.
static void ttSolveSegment( ttSimplexVertexD* s, int* count, double* weights )
{
	ttVec3d a = s[0].w, ab = ttVec3d_Sub( s[1].w, a );
	double denominator = ttVec3d_Dot( ab, ab );
	double t = denominator > 0 ? -ttVec3d_Dot( a, ab ) / denominator : 0;
	if ( t <= 0 )
	{
		*count = 1;
		weights[0] = 1;
	}
	else if ( t >= 1 )
	{
		s[0] = s[1];
		*count = 1;
		weights[0] = 1;
	}
	else
	{
		*count = 2;
		weights[0] = 1 - t;
		weights[1] = t;
	}
}

// Ericson's ClosestPtPointTriangle with p = origin.
static void ttSolveTriangle( ttSimplexVertexD* s, int* count, double* weights )
{
	ttVec3d a = s[0].w, b = s[1].w, c = s[2].w;
	ttVec3d ab = ttVec3d_Sub( b, a ), ac = ttVec3d_Sub( c, a ), ap = ttVec3d_Neg( a );
	double d1 = ttVec3d_Dot( ab, ap ), d2 = ttVec3d_Dot( ac, ap );
	if ( d1 <= 0 && d2 <= 0 )
	{
		*count = 1;
		weights[0] = 1;
		return;
	}
	ttVec3d bp = ttVec3d_Neg( b );
	double d3 = ttVec3d_Dot( ab, bp ), d4 = ttVec3d_Dot( ac, bp );
	if ( d3 >= 0 && d4 <= d3 )
	{
		s[0] = s[1];
		*count = 1;
		weights[0] = 1;
		return;
	}
	double vc = d1 * d4 - d3 * d2;
	if ( vc <= 0 && d1 >= 0 && d3 <= 0 )
	{
		double v = d1 / ( d1 - d3 );
		*count = 2;
		weights[0] = 1 - v;
		weights[1] = v;
		return;
	}
	ttVec3d cp = ttVec3d_Neg( c );
	double d5 = ttVec3d_Dot( ab, cp ), d6 = ttVec3d_Dot( ac, cp );
	if ( d6 >= 0 && d5 <= d6 )
	{
		s[0] = s[2];
		*count = 1;
		weights[0] = 1;
		return;
	}
	double vb = d5 * d2 - d1 * d6;
	if ( vb <= 0 && d2 >= 0 && d6 <= 0 )
	{
		double w = d2 / ( d2 - d6 );
		s[1] = s[2];
		*count = 2;
		weights[0] = 1 - w;
		weights[1] = w;
		return;
	}
	double va = d3 * d6 - d5 * d4;
	if ( va <= 0 && ( d4 - d3 ) >= 0 && ( d5 - d6 ) >= 0 )
	{
		double w = ( d4 - d3 ) / ( ( d4 - d3 ) + ( d5 - d6 ) );
		s[0] = s[1];
		s[1] = s[2];
		*count = 2;
		weights[0] = 1 - w;
		weights[1] = w;
		return;
	}
	double sum = va + vb + vc;
	if ( !( sum > 0 ) )
	{
		// Degenerate (zero-area) triangle: fall back to its best edge.
		ttSimplexVertexD edges[3][2] = { { s[0], s[1] }, { s[1], s[2] }, { s[2], s[0] } };
		double best = HUGE_VAL;
		for ( int e = 0; e < 3; ++e )
		{
			ttSimplexVertexD trial[2] = { edges[e][0], edges[e][1] };
			int n;
			double wt[2] = { 1, 0 };
			ttSolveSegment( trial, &n, wt );
			ttVec3d v = n == 1 ? trial[0].w
			                   : ttVec3d_Add( ttVec3d_Scale( wt[0], trial[0].w ), ttVec3d_Scale( wt[1], trial[1].w ) );
			if ( ttVec3d_Dot( v, v ) < best )
			{
				best = ttVec3d_Dot( v, v );
				s[0] = trial[0];
				s[1] = trial[1];
				*count = n;
				weights[0] = wt[0];
				weights[1] = wt[1];
			}
		}
		return;
	}
	*count = 3;
	weights[1] = vb / sum;
	weights[2] = vc / sum;
	weights[0] = 1 - weights[1] - weights[2];
}

static ttVec3d ttSimplexPoint( const ttSimplexVertexD* s, int count, const double* weights )
{
	ttVec3d v = { 0, 0, 0 };
	for ( int i = 0; i < count; ++i )
	{
		v = ttVec3d_MulAdd( v, weights[i], s[i].w );
	}
	return v;
}

// Tetrahedron: the origin is inside when it is behind every face (as seen from the opposite
// vertex); otherwise the closest point lies on one of the faces it is in front of.
static bool ttSolveTetrahedron( ttSimplexVertexD* s, int* count, double* weights )
{
	static const int faces[4][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 1, 3, 2, 0 } };
	double best = HUGE_VAL;
	ttSimplexVertexD bestSimplex[3];
	double bestWeights[3];
	int bestCount = 0;
	bool inside = true;
	ttVec3d e1 = ttVec3d_Sub( s[1].w, s[0].w ), e2 = ttVec3d_Sub( s[2].w, s[0].w ), e3 = ttVec3d_Sub( s[3].w, s[0].w );
	double volume = ttVec3d_Dot( e1, ttVec3d_Cross( e2, e3 ) );
	// A flat tetrahedron has no inside: test all its faces. "Flat" is not volume == 0 but a volume
	// within the rounding of its own computation. On a curved support (a cylinder's rim, approached
	// linearly) GJK ends with three vertices a few 1e-6 apart and nearly collinear; the volume of
	// such a sliver is then pure rounding noise (1e-18 where the bound below is 1e-15), and so are
	// the per-face signs below, which are the same triple product computed another way. Trusted,
	// that noise declared the origin enclosed with the cores 2 cm apart, differently in every
	// frame. The bound is a forward error bound of the triple product in terms of the longest of
	// the six edges, so any vertex order gives the same verdict.
	double l1 = ttVec3d_Length( e1 ), l2 = ttVec3d_Length( e2 ), l3 = ttVec3d_Length( e3 );
	double l4 = ttVec3d_Length( ttVec3d_Sub( s[2].w, s[1].w ) ), l5 = ttVec3d_Length( ttVec3d_Sub( s[3].w, s[1].w ) );
	double l6 = ttVec3d_Length( ttVec3d_Sub( s[3].w, s[2].w ) );
	double longest = fmax( fmax( fmax( l1, l2 ), fmax( l3, l4 ) ), fmax( l5, l6 ) );
	bool flat = fabs( volume ) <= TT_GJK_FLAT_VOLUME * longest * longest * longest;
	for ( int f = 0; f < 4; ++f )
	{
		ttVec3d a = s[faces[f][0]].w, b = s[faces[f][1]].w, c = s[faces[f][2]].w, d = s[faces[f][3]].w;
		ttVec3d n = ttVec3d_Cross( ttVec3d_Sub( b, a ), ttVec3d_Sub( c, a ) );
		double signOrigin = -ttVec3d_Dot( n, a );
		double signOpposite = ttVec3d_Dot( n, ttVec3d_Sub( d, a ) );
		bool outside = flat || signOrigin * signOpposite <= 0;
		if ( outside == false )
		{
			continue;
		}
		inside = false;
		ttSimplexVertexD trial[3] = { s[faces[f][0]], s[faces[f][1]], s[faces[f][2]] };
		int n3;
		double w3[3] = { 1, 0, 0 };
		ttSolveTriangle( trial, &n3, w3 );
		ttVec3d v = ttSimplexPoint( trial, n3, w3 );
		if ( ttVec3d_Dot( v, v ) < best )
		{
			best = ttVec3d_Dot( v, v );
			bestCount = n3;
			for ( int i = 0; i < n3; ++i )
			{
				bestSimplex[i] = trial[i];
				bestWeights[i] = w3[i];
			}
		}
	}
	if ( inside )
	{
		return true;
	}
	*count = bestCount;
	for ( int i = 0; i < bestCount; ++i )
	{
		s[i] = bestSimplex[i];
		weights[i] = bestWeights[i];
	}
	return false;
}

void ttGjk( const ttConvexProxy* a, const ttConvexProxy* b, ttGjkOutput* output )
{
	ttSimplexVertexD s[4];
	double weights[4] = { 1, 0, 0, 0 };
	int count = 1;
	ttVec3d start = ttVec3d_Sub( ttVec3d_From( b->xf.p ), ttVec3d_From( a->xf.p ) );
	if ( ttVec3d_Dot( start, start ) == 0 )
	{
		start = ( ttVec3d ){ 1, 0, 0 };
	}
	s[0] = ttMinkowskiSupportD( a, b, ttVec3d_Neg( start ) );
	ttVec3d v = s[0].w;
	double scale = ttVec3d_Dot( v, v );
	bool overlap = false;
	int iteration = 0;
	for ( ; iteration < TT_GJK_MAX_ITERATIONS; ++iteration )
	{
		double vv = ttVec3d_Dot( v, v );
		if ( vv <= TT_GJK_ABSOLUTE * TT_GJK_ABSOLUTE * fmax( 1, scale ) )
		{
			overlap = true;
			break;
		}
		ttSimplexVertexD w = ttMinkowskiSupportD( a, b, ttVec3d_Neg( v ) );
		scale = fmax( scale, ttVec3d_Dot( w.w, w.w ) );
		if ( vv - ttVec3d_Dot( v, w.w ) <= TT_GJK_RELATIVE * vv )
		{
			break;
		}
		bool repeated = false;
		for ( int i = 0; i < count; ++i )
		{
			repeated = repeated || ( s[i].w.x == w.w.x && s[i].w.y == w.w.y && s[i].w.z == w.w.z );
		}
		if ( repeated )
		{
			break;
		}
		ttSimplexVertexD saved[4];
		double savedWeights[4];
		int savedCount = count;
		for ( int i = 0; i < count; ++i )
		{
			saved[i] = s[i];
			savedWeights[i] = weights[i];
		}
		s[count++] = w;
		if ( count == 2 )
		{
			ttSolveSegment( s, &count, weights );
		}
		else if ( count == 3 )
		{
			ttSolveTriangle( s, &count, weights );
		}
		else if ( ttSolveTetrahedron( s, &count, weights ) )
		{
			overlap = true;
			break;
		}
		ttVec3d next = ttSimplexPoint( s, count, weights );
		if ( ttVec3d_Dot( next, next ) >= vv )
		{
			// No progress: rounding. The previous simplex is the answer.
			count = savedCount;
			for ( int i = 0; i < count; ++i )
			{
				s[i] = saved[i];
				weights[i] = savedWeights[i];
			}
			break;
		}
		v = next;
	}
	output->iterations = iteration;
	output->overlap = overlap;
	output->simplexCount = count;
	ttVec3d pa = { 0, 0, 0 }, pb = { 0, 0, 0 };
	for ( int i = 0; i < count; ++i )
	{
		// wA and wB came from ttReal support points, so they convert back exactly (EPA recomputes
		// w from them in double).
		output->simplex[i] = ( ttSimplexVertex ){ ttVec3d_To( s[i].wA ), ttVec3d_To( s[i].wB ), ttVec3d_To( s[i].w ) };
		pa = ttVec3d_MulAdd( pa, weights[i], s[i].wA );
		pb = ttVec3d_MulAdd( pb, weights[i], s[i].wB );
	}
	if ( overlap && count == 4 )
	{
		// The weights of an enclosing tetrahedron were not computed; EPA gives the points.
		pa = s[0].wA;
		pb = s[0].wB;
	}
	output->pointA = ttVec3d_To( pa );
	output->pointB = ttVec3d_To( pb );
	// The distance from the double points, not from their rounded copies: at small separations
	// float points would lose most of its digits.
	output->distance = overlap ? 0 : (ttReal)ttVec3d_Length( ttVec3d_Sub( pb, pa ) );
}

void ttConvexContact_Compute( const ttConvexProxy* a, const ttConvexProxy* b, ttConvexContact* contact )
{
	ttGjkOutput gjk;
	ttGjk( a, b, &gjk );
	ttEpaOutput epa;
	contact->usedEpa = false;
	if ( gjk.overlap == false && gjk.distance > 0 )
	{
		contact->normal = ttScale( 1 / gjk.distance, ttSub( gjk.pointB, gjk.pointA ) );
		contact->separation = gjk.distance - a->radius - b->radius;
		contact->pointA = ttMulAdd( gjk.pointA, a->radius, contact->normal );
		contact->pointB = ttMulAdd( gjk.pointB, -b->radius, contact->normal );
		return;
	}
	contact->usedEpa = true;
	ttEpa( a, b, &gjk, &epa );
	contact->normal = epa.normal;
	contact->separation = -epa.depth - a->radius - b->radius;
	contact->pointA = ttMulAdd( epa.pointA, a->radius, epa.normal );
	contact->pointB = ttMulAdd( epa.pointB, -b->radius, epa.normal );
}
