// SPDX-License-Identifier: MIT
// Expanding polytope algorithm (van den Bergen 2001): grow a polytope inside the Minkowski
// difference A - B, which contains the origin, until the face nearest the origin is (to a
// tolerance) on the boundary of A - B. That face's normal and distance are the penetration normal
// and depth. The polytope is kept as plain triangles; each step removes every face the new support
// point sees and connects the point to the horizon (the simplification the Jakab paper cites, [9]),
// so no adjacency has to be maintained.
#include "gjk.h"

// The polytope is held in double (see ttVec3d in gjk.h): its faces grow small and nearly coplanar
// on curved surfaces, where float normals and visibility tests are wrong by more than the gaps
// they decide. The tolerance reflects the precision of the support points themselves.
#if defined( TT_USE_FLOAT )
#define TT_EPA_TOLERANCE 1e-5
#else
#define TT_EPA_TOLERANCE 1e-9
#endif
#define TT_EPA_MAX_VERTICES 128
#define TT_EPA_MAX_FACES 256
#define TT_EPA_MAX_ITERATIONS 96

typedef struct ttEpaFace
{
	int v[3];
	ttVec3d normal; ///< unit, outward
	double distance;
} ttEpaFace;

typedef struct ttEpaPolytope
{
	ttSimplexVertexD vertices[TT_EPA_MAX_VERTICES];
	int vertexCount;
	ttEpaFace faces[TT_EPA_MAX_FACES];
	int faceCount;
	ttVec3d interior; ///< a point strictly inside, to orient new faces
} ttEpaPolytope;

static bool ttEpa_AddFace( ttEpaPolytope* p, int i0, int i1, int i2 )
{
	if ( p->faceCount == TT_EPA_MAX_FACES )
	{
		return false;
	}
	ttVec3d a = p->vertices[i0].w, b = p->vertices[i1].w, c = p->vertices[i2].w;
	ttVec3d n = ttVec3d_Cross( ttVec3d_Sub( b, a ), ttVec3d_Sub( c, a ) );
	double length = ttVec3d_Length( n );
	ttEpaFace* f = p->faces + p->faceCount;
	if ( length <= 0 )
	{
		return false;
	}
	n = ttVec3d_Scale( 1 / length, n );
	if ( ttVec3d_Dot( n, ttVec3d_Sub( a, p->interior ) ) < 0 )
	{
		// Winding against the interior point: flip (only rounding can cause this).
		int swap = i1;
		i1 = i2;
		i2 = swap;
		n = ttVec3d_Neg( n );
	}
	f->v[0] = i0;
	f->v[1] = i1;
	f->v[2] = i2;
	f->normal = n;
	f->distance = ttVec3d_Dot( n, a );
	p->faceCount += 1;
	return true;
}

static double ttEpa_Volume( const ttSimplexVertexD* s )
{
	return ttVec3d_Dot( ttVec3d_Sub( s[1].w, s[0].w ),
	                    ttVec3d_Cross( ttVec3d_Sub( s[2].w, s[0].w ), ttVec3d_Sub( s[3].w, s[0].w ) ) );
}

// GJK stops with 1 to 4 vertices; EPA needs a non-degenerate tetrahedron containing the origin.
// Missing vertices come from support points in directions that span the missing dimensions.
//
// GJK stops on a triangle when the origin is within its tolerance of the triangle's plane. The
// apex must then lie beyond the origin: the support point on the origin's side of the plane,
// unless that one is no farther from the plane than the origin (the origin is on or just outside
// the face of A - B that the triangle lies in), and then the one on the other side. Taking the
// apex on a fixed side failed whenever two flat faces just touch (a box resting on a mesh
// triangle: the origin 3e-9 from the top face of A - B, the apex a sliver above it): EPA grown
// from that tetrahedron, which did not contain the origin, stopped unconverged after 4 iterations
// with a normal 27 degrees off the face and a depth of 0.7 mm, and a box sliding on a flat mesh
// hopped.
static bool ttEpa_Seed( const ttConvexProxy* a, const ttConvexProxy* b, const ttGjkOutput* gjk, ttSimplexVertexD* s )
{
	int count = gjk->simplexCount;
	for ( int i = 0; i < count; ++i )
	{
		s[i] = ttSimplexVertexD_From( gjk->simplex[i] );
	}
	static const ttVec3d axes[6] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };
	if ( count == 1 )
	{
		for ( int i = 0; i < 6 && count == 1; ++i )
		{
			s[1] = ttMinkowskiSupportD( a, b, axes[i] );
			ttVec3d e = ttVec3d_Sub( s[1].w, s[0].w );
			count = ttVec3d_Dot( e, e ) > 0 ? 2 : 1;
		}
	}
	if ( count == 2 )
	{
		// Six directions around the segment, 60 degrees apart, in the plane perpendicular to it.
		ttVec3d d = ttVec3d_Sub( s[1].w, s[0].w );
		d = ttVec3d_Scale( 1 / ttVec3d_Length( d ), d );
		ttVec3d seedAxis = fabs( d.x ) < 0.57735 ? axes[0] : fabs( d.y ) < 0.57735 ? axes[2] : axes[4];
		ttVec3d e1 = ttVec3d_Cross( d, seedAxis );
		e1 = ttVec3d_Scale( 1 / ttVec3d_Length( e1 ), e1 );
		ttVec3d e2 = ttVec3d_Cross( d, e1 );
		for ( int i = 0; i < 6 && count == 2; ++i )
		{
			double angle = i * ( 3.14159265358979323846 / 3 );
			ttVec3d e = ttVec3d_Add( ttVec3d_Scale( cos( angle ), e1 ), ttVec3d_Scale( sin( angle ), e2 ) );
			s[2] = ttMinkowskiSupportD( a, b, e );
			ttVec3d n = ttVec3d_Cross( ttVec3d_Sub( s[1].w, s[0].w ), ttVec3d_Sub( s[2].w, s[0].w ) );
			count = ttVec3d_Dot( n, n ) > 0 ? 3 : 2;
		}
	}
	if ( count == 3 )
	{
		ttVec3d n = ttVec3d_Cross( ttVec3d_Sub( s[1].w, s[0].w ), ttVec3d_Sub( s[2].w, s[0].w ) );
		double length = ttVec3d_Length( n );
		if ( length <= 0 )
		{
			return false;
		}
		n = ttVec3d_Scale( 1 / length, n );
		double origin = -ttVec3d_Dot( n, s[0].w ); // the origin's height above the plane
		if ( origin < 0 )
		{
			n = ttVec3d_Neg( n );
			origin = -origin;
		}
		s[3] = ttMinkowskiSupportD( a, b, n );
		if ( ttVec3d_Dot( n, ttVec3d_Sub( s[3].w, s[0].w ) ) <= origin )
		{
			s[3] = ttMinkowskiSupportD( a, b, ttVec3d_Neg( n ) );
		}
		count = 4;
	}
	return count == 4 && ttEpa_Volume( s ) != 0;
}

bool ttEpa( const ttConvexProxy* a, const ttConvexProxy* b, const ttGjkOutput* gjk, ttEpaOutput* output )
{
	ttEpaPolytope* p = &( ttEpaPolytope ){ .vertexCount = 0 };
	output->converged = false;
	output->iterations = 0;
	ttSimplexVertexD seed[4];
	if ( ttEpa_Seed( a, b, gjk, seed ) == false )
	{
		// Both cores are flat in the same plane or a point: the contact is a touching one.
		output->normal = ( ttVec3 ){ 0, 1, 0 };
		output->depth = 0;
		output->pointA = gjk->pointA;
		output->pointB = gjk->pointB;
		return false;
	}
	p->interior = ( ttVec3d ){ 0, 0, 0 };
	for ( int i = 0; i < 4; ++i )
	{
		p->vertices[i] = seed[i];
		p->interior = ttVec3d_MulAdd( p->interior, 0.25, seed[i].w );
	}
	p->vertexCount = 4;
	ttEpa_AddFace( p, 0, 1, 2 );
	ttEpa_AddFace( p, 0, 3, 1 );
	ttEpa_AddFace( p, 1, 3, 2 );
	ttEpa_AddFace( p, 2, 3, 0 );

	int best = 0;
	// The face expanded by the previous step and its gap, to undo a step that broke convexity.
	ttEpaFace previous = p->faces[0];
	double previousGap = HUGE_VAL;
	for ( int iteration = 0; iteration < TT_EPA_MAX_ITERATIONS && p->faceCount > 0; ++iteration )
	{
		output->iterations = iteration + 1;
		best = 0;
		for ( int f = 1; f < p->faceCount; ++f )
		{
			best = p->faces[f].distance < p->faces[best].distance ? f : best;
		}
		// Expanding a convex polytope that contains the origin never brings its boundary closer.
		// When it does, the last cone was not convex: near convergence on a curved surface the
		// new point sits a hair above the best face and almost on the line of a horizon edge, so
		// a neighbour it sees only within the band is kept and the cone face against it tilts
		// steeply inward. The face before that step, with its small gap, is the answer.
		double previousSize = fmax( 1, fabs( previous.distance ) );
		if ( iteration > 0 && p->faces[best].distance < previous.distance - TT_EPA_TOLERANCE * previousSize * 0.5 )
		{
			output->converged = previousGap <= TT_EPA_TOLERANCE * previousSize;
			p->faces[0] = previous;
			p->faceCount = 1;
			break;
		}
		ttEpaFace face = p->faces[best];
		ttSimplexVertexD w = ttMinkowskiSupportD( a, b, face.normal );
		double gap = ttVec3d_Dot( w.w, face.normal ) - face.distance;
		double size = fmax( 1, fabs( face.distance ) );
		if ( gap <= TT_EPA_TOLERANCE * size || p->vertexCount == TT_EPA_MAX_VERTICES )
		{
			output->converged = gap <= TT_EPA_TOLERANCE * size;
			break;
		}
		// Remove what w sees; the horizon is the set of edges used by exactly one removed face.
		// Faces within a rounding band of w's plane count as hidden, and a horizon that is not one
		// simple loop (rounding on a nearly flat patch of a curved surface) ends the expansion with
		// the current best face, whose gap says how accurate it is.
		double band = TT_EPA_TOLERANCE * size * 0.5;
		// The removed faces are grown from the best face across shared edges, so they form one
		// connected patch even where rounding or a band-hidden face left the polytope slightly
		// non-convex; testing every face on its own can remove a second, disconnected patch and
		// leave a horizon that is not one loop.
		bool visible[TT_EPA_MAX_FACES];
		bool tested[TT_EPA_MAX_FACES];
		int stack[TT_EPA_MAX_FACES];
		int stackCount = 0;
		for ( int f = 0; f < p->faceCount; ++f )
		{
			visible[f] = false;
			tested[f] = false;
		}
		visible[best] = true;
		tested[best] = true;
		stack[stackCount++] = best;
		int horizon[2 * TT_EPA_MAX_FACES];
		int horizonCount = 0;
		while ( stackCount > 0 )
		{
			const ttEpaFace* g = p->faces + stack[--stackCount];
			for ( int e = 0; e < 3; ++e )
			{
				int i0 = g->v[e], i1 = g->v[( e + 1 ) % 3];
				int twin = -1;
				for ( int k = 0; k < p->faceCount && twin < 0; ++k )
				{
					const int* u = p->faces[k].v;
					bool shares =
					    ( u[0] == i1 && u[1] == i0 ) || ( u[1] == i1 && u[2] == i0 ) || ( u[2] == i1 && u[0] == i0 );
					twin = shares ? k : -1;
				}
				if ( twin >= 0 && tested[twin] == false )
				{
					const ttEpaFace* h = p->faces + twin;
					tested[twin] = true;
					visible[twin] = ttVec3d_Dot( h->normal, ttVec3d_Sub( w.w, p->vertices[h->v[0]].w ) ) > band;
					if ( visible[twin] )
					{
						stack[stackCount++] = twin;
					}
				}
				if ( twin < 0 || visible[twin] == false )
				{
					horizon[2 * horizonCount] = i0;
					horizon[2 * horizonCount + 1] = i1;
					horizonCount += 1;
				}
			}
		}
		bool simpleLoop = horizonCount >= 3;
		for ( int h = 0; h < horizonCount && simpleLoop; ++h )
		{
			for ( int k = h + 1; k < horizonCount && simpleLoop; ++k )
			{
				simpleLoop = horizon[2 * h] != horizon[2 * k];
			}
		}
		// Count before compacting: leaving early must find the face list intact.
		int kept = 0;
		for ( int f = 0; f < p->faceCount; ++f )
		{
			kept += visible[f] ? 0 : 1;
		}
		if ( simpleLoop == false || kept + horizonCount > TT_EPA_MAX_FACES )
		{
			break;
		}
		kept = 0;
		for ( int f = 0; f < p->faceCount; ++f )
		{
			if ( visible[f] == false )
			{
				p->faces[kept++] = p->faces[f];
			}
		}
		p->faceCount = kept;
		previous = face;
		previousGap = gap;
		int index = p->vertexCount++;
		p->vertices[index] = w;
		bool ok = true;
		for ( int h = 0; h < horizonCount && ok; ++h )
		{
			ok = ttEpa_AddFace( p, horizon[2 * h], horizon[2 * h + 1], index );
		}
		if ( ok == false || p->faceCount == 0 )
		{
			// Out of room or a degenerate cone: answer with the last good face.
			p->faces[0] = face;
			p->faceCount = 1;
			best = 0;
			break;
		}
	}
	best = 0;
	for ( int f = 1; f < p->faceCount; ++f )
	{
		best = p->faces[f].distance < p->faces[best].distance ? f : best;
	}
	const ttEpaFace* face = p->faces + best;
	// Barycentric coordinates of the origin's projection on the face give the points on A and B.
	const ttSimplexVertexD* v0 = p->vertices + face->v[0];
	const ttSimplexVertexD* v1 = p->vertices + face->v[1];
	const ttSimplexVertexD* v2 = p->vertices + face->v[2];
	ttVec3d q = ttVec3d_Scale( face->distance, face->normal );
	ttVec3d e1 = ttVec3d_Sub( v1->w, v0->w ), e2 = ttVec3d_Sub( v2->w, v0->w ), r = ttVec3d_Sub( q, v0->w );
	double d11 = ttVec3d_Dot( e1, e1 ), d12 = ttVec3d_Dot( e1, e2 ), d22 = ttVec3d_Dot( e2, e2 );
	double r1 = ttVec3d_Dot( r, e1 ), r2 = ttVec3d_Dot( r, e2 );
	double det = d11 * d22 - d12 * d12;
	double l1 = det > 0 ? ( d22 * r1 - d12 * r2 ) / det : 0;
	double l2 = det > 0 ? ( d11 * r2 - d12 * r1 ) / det : 0;
	double l0 = 1 - l1 - l2;
	output->normal = ttVec3d_To( face->normal );
	output->depth = (ttReal)face->distance;
	ttVec3d pa = ttVec3d_Add( ttVec3d_Add( ttVec3d_Scale( l0, v0->wA ), ttVec3d_Scale( l1, v1->wA ) ),
	                          ttVec3d_Scale( l2, v2->wA ) );
	ttVec3d pb = ttVec3d_Add( ttVec3d_Add( ttVec3d_Scale( l0, v0->wB ), ttVec3d_Scale( l1, v1->wB ) ),
	                          ttVec3d_Scale( l2, v2->wB ) );
	output->pointA = ttVec3d_To( pa );
	output->pointB = ttVec3d_To( pb );
	return output->converged;
}
