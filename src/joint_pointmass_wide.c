// SPDX-License-Identifier: MIT
// The point-mass family's sums that a float cannot hold (joint_pointmass.h), in double whatever
// ttReal is: the gap between two shared points, the blocks of eq. 22 (K, the displacement of each
// point per unit force at each point) and their solve.
//
// Why. A weld's or a line hinge's shared points lie an arm (about the bodies' size, ttPm_Arm)
// apart, at the anchor, which may be far from the centre: a 5 kg box of 0.35 m hangs on a weld to
// the world 8.25 m away (test_joint_energy, chain 7049). The block then holds the displacement of
// points 8.25 m from the centre per unit force, 1/m + r^2/I, about 750 m/N, beside the relative
// displacement of points 0.14 m apart when the box turns about the anchor: turning it about the
// anchor moves its centre too, so that direction is about 1e-4 m/N and K's condition is about
// (lever / arm)^4, here 1e7. The float build's K (entries rounded to 1e-7 of 750) and its solve
// lost that direction: the smallest pivot came out 0.006 for 0.022, the forces turned the box about
// the wrong point, and the few cm/s that rounding gave it in the first substep grew 2 to 5 times a
// substep, to 1e7 J by the second step and 1e37 J by the twelfth (unguarded; 8e7 J with the guard).
// 14 of test_joint_energy's 720 point-mass cases broke its bound in float that way
// (docs/hardening.md, "Every joint family guarded"). Assembled from the same float levers and
// inverse inertias but summed and solved in double, the 14 behave as in the double build, unguarded
// too: 11 stay within the bound (the box's chain: largest kinetic energy 0.1346 J, in double 0.1345
// J), 3 break it unguarded in double as well and the guard holds them. The levers and inertias may
// keep their float rounding: a relative change of I^-1 or of the geometry changes K's quadratic
// form by as much, relatively, in every direction, small ones included; it is the sums of terms of
// 750 that must not lose the 1e-4.
//
// Likewise a shared point's error: summed in float, each point carries about 1e-6 m of rounding
// from terms as long as the lever, which points an arm apart read as a turn of 1e-5 rad; in double
// the error is that of the poses themselves (their rounding, 6e-8 rad), and a point given as an
// offset from the anchor is placed without the rounding of the anchor's 8 m.
//
// Each function takes the steps of the ttReal code it replaced in their order, so that in a double
// build the bits are the same as before.
#include "joint_pointmass.h"

// ttPm_Offset: the offset from the centre of the point with principal coordinates u.
static ttVec3d ttPm_WideOffset( const ttPmFrame* frame, const ttBody* body, ttVec3d u )
{
	if ( frame == NULL )
	{
		return ttVec3d_Rotate( body->q, u );
	}
	ttVec3d r = ttVec3d_Scale( u.x / (double)frame->beta[0], ttVec3d_From( frame->axis[0] ) );
	r = ttVec3d_MulAdd( r, u.y / (double)frame->beta[1], ttVec3d_From( frame->axis[1] ) );
	return ttVec3d_MulAdd( r, u.z / (double)frame->beta[2], ttVec3d_From( frame->axis[2] ) );
}

ttVec3 ttPm_PointGapAt( const ttPmPair* pair, ttVec3 anchorA, ttVec3 offsetA, ttVec3 anchorB, ttVec3 offsetB )
{
	ttVec3d rA =
	    ttPm_WideOffset( pair->frameA, pair->bodyA, ttVec3d_Add( ttVec3d_From( anchorA ), ttVec3d_From( offsetA ) ) );
	ttVec3d rB =
	    ttPm_WideOffset( pair->frameB, pair->bodyB, ttVec3d_Add( ttVec3d_From( anchorB ), ttVec3d_From( offsetB ) ) );
	ttVec3d centres =
	    ttVec3d_Add( ttVec3d_Sub( ttVec3d_From( pair->bodyB->origin ), ttVec3d_From( pair->bodyA->origin ) ),
	                 ttVec3d_Sub( ttVec3d_From( ttPm_Center( pair->frameB, pair->bodyB ) ),
	                              ttVec3d_From( ttPm_Center( pair->frameA, pair->bodyA ) ) ) );
	ttVec3d gap = ttVec3d_Add( centres, ttVec3d_Sub( rB, rA ) );
	return ( ttVec3 ){ (ttReal)gap.x, (ttReal)gap.y, (ttReal)gap.z };
}

ttVec3 ttPm_PointGap( const ttPmPair* pair, ttVec3 uA, ttVec3 uB )
{
	ttVec3d rA = ttPm_WideOffset( pair->frameA, pair->bodyA, ttVec3d_From( uA ) );
	ttVec3d rB = ttPm_WideOffset( pair->frameB, pair->bodyB, ttVec3d_From( uB ) );
	ttVec3d centres =
	    ttVec3d_Add( ttVec3d_Sub( ttVec3d_From( pair->bodyB->origin ), ttVec3d_From( pair->bodyA->origin ) ),
	                 ttVec3d_Sub( ttVec3d_From( ttPm_Center( pair->frameB, pair->bodyB ) ),
	                              ttVec3d_From( ttPm_Center( pair->frameA, pair->bodyA ) ) ) );
	ttVec3d gap = ttVec3d_Add( centres, ttVec3d_Sub( rB, rA ) );
	return ( ttVec3 ){ (ttReal)gap.x, (ttReal)gap.y, (ttReal)gap.z };
}

// The ttMat3 functions' steps (math_functions.h), in double.
static ttPmWideMat3 ttPm_WideMat3( ttMat3 m )
{
	return ( ttPmWideMat3 ){ ttVec3d_From( m.cx ), ttVec3d_From( m.cy ), ttVec3d_From( m.cz ) };
}

static ttPmWideMat3 ttPm_WideSkew( ttVec3d a )
{
	return ( ttPmWideMat3 ){ { 0, a.z, -a.y }, { -a.z, 0, a.x }, { a.y, -a.x, 0 } };
}

static ttPmWideMat3 ttPm_WideTranspose( ttPmWideMat3 m )
{
	return ( ttPmWideMat3 ){ { m.cx.x, m.cy.x, m.cz.x }, { m.cx.y, m.cy.y, m.cz.y }, { m.cx.z, m.cy.z, m.cz.z } };
}

ttVec3d ttPm_WideMat3MulVec( ttPmWideMat3 m, ttVec3d v )
{
	return ttVec3d_Add( ttVec3d_Add( ttVec3d_Scale( v.x, m.cx ), ttVec3d_Scale( v.y, m.cy ) ),
	                    ttVec3d_Scale( v.z, m.cz ) );
}

static ttPmWideMat3 ttPm_WideMat3Mul( ttPmWideMat3 a, ttPmWideMat3 b )
{
	return ( ttPmWideMat3 ){ ttPm_WideMat3MulVec( a, b.cx ), ttPm_WideMat3MulVec( a, b.cy ),
	                         ttPm_WideMat3MulVec( a, b.cz ) };
}

ttPmWideMat3 ttPm_WideMat3Add( ttPmWideMat3 a, ttPmWideMat3 b )
{
	return ( ttPmWideMat3 ){ ttVec3d_Add( a.cx, b.cx ), ttVec3d_Add( a.cy, b.cy ), ttVec3d_Add( a.cz, b.cz ) };
}

double ttPm_WideEntry( ttPmWideMat3 m, int row, int column )
{
	ttVec3d c = column == 0 ? m.cx : ( column == 1 ? m.cy : m.cz );
	return row == 0 ? c.x : ( row == 1 ? c.y : c.z );
}

ttPmWideMat3 ttPm_WideCrossMobility( const ttPmFrame* frame, const ttBody* body, ttVec3 ri, ttVec3 rj,
                                     ttMat3 invInertia )
{
	if ( frame == NULL )
	{
		return ( ttPmWideMat3 ){ 0 };
	}
	ttPmWideMat3 rotational =
	    ttPm_WideMat3Mul( ttPm_WideTranspose( ttPm_WideSkew( ttVec3d_From( ri ) ) ),
	                      ttPm_WideMat3Mul( ttPm_WideMat3( invInertia ), ttPm_WideSkew( ttVec3d_From( rj ) ) ) );
	double invMass = (double)body->invMass;
	ttPmWideMat3 diagonal = { { invMass, 0, 0 }, { 0, invMass, 0 }, { 0, 0, invMass } };
	return ttPm_WideMat3Add( diagonal, rotational );
}

// LDL^T; a pivot that vanishes (a direction neither body can move in) gets no force.
void ttPm_SolveSymmetric( int n, double a[][TT_PM_MAX_BLOCK], double* x )
{
	double d[TT_PM_MAX_BLOCK];
	double largest = 0;
	for ( int i = 0; i < n; ++i )
	{
		largest = a[i][i] > largest ? a[i][i] : largest;
	}
	for ( int j = 0; j < n; ++j )
	{
		double pivot = a[j][j];
		for ( int k = 0; k < j; ++k )
		{
			pivot -= a[j][k] * a[j][k] * d[k];
		}
		d[j] = pivot > 1e-12 * largest ? pivot : 0;
		for ( int i = j + 1; i < n; ++i )
		{
			double value = a[i][j];
			for ( int k = 0; k < j; ++k )
			{
				value -= a[i][k] * a[j][k] * d[k];
			}
			a[i][j] = d[j] > 0 ? value / d[j] : 0;
		}
	}
	for ( int i = 0; i < n; ++i )
	{
		for ( int k = 0; k < i; ++k )
		{
			x[i] -= a[i][k] * x[k];
		}
	}
	for ( int i = 0; i < n; ++i )
	{
		x[i] = d[i] > 0 ? x[i] / d[i] : 0;
	}
	for ( int i = n - 1; i >= 0; --i )
	{
		for ( int k = i + 1; k < n; ++k )
		{
			x[i] -= a[k][i] * x[k];
		}
	}
}
