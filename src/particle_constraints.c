// SPDX-License-Identifier: MIT
// Projections of the particle constraints (XPBD, Macklin et al. 2016): for a constraint C(x) with
// gradients g_i, dlambda = (-C - alphaTilde lambda) / (sum w_i |g_i|^2 + alphaTilde) and
// x_i += w_i g_i dlambda, alphaTilde = compliance / h^2. The attachment couples a particle to a
// rigid body with the body's generalized inverse mass at the point (XPBD paper eqs. 2-9).
#include "constraint.h"
#include "particle.h"
#include "world.h"

#include <math.h>

// Apply the general update to `count` particles with gradients g; returns dlambda.
static ttReal ttProjectGradient( ttParticleSet* set, const int* indices, const ttVec3* g, int count, ttReal c,
                                 ttReal compliance, ttReal h, ttReal* lambda )
{
	ttParticle* p[4];
	ttReal denominator = compliance / ( h * h );
	ttReal alphaTilde = denominator;
	for ( int i = 0; i < count; ++i )
	{
		p[i] = ttParticleSet_Particle( set, indices[i] );
		denominator += p[i]->invMass * ttLengthSquared( g[i] );
	}
	if ( denominator <= 0 )
	{
		return 0;
	}
	ttReal deltaLambda = ( -c - alphaTilde * *lambda ) / denominator;
	*lambda += deltaLambda;
	for ( int i = 0; i < count; ++i )
	{
		ttParticle_Move( p[i], p[i]->invMass * deltaLambda, g[i] );
	}
	return deltaLambda;
}

static void ttSolveDistance( ttParticleSet* set, ttParticleConstraint* c, ttReal h )
{
	ttVec3 xa = ttParticleSet_Particle( set, c->p[0] )->x;
	ttVec3 xb = ttParticleSet_Particle( set, c->p[1] )->x;
	ttReal length;
	ttVec3 n = ttGetLengthAndNormalize( &length, ttSub( xb, xa ) );
	if ( length == 0 )
	{
		return;
	}
	ttVec3 g[2] = { ttNeg( n ), n };
	ttProjectGradient( set, c->p, g, 2, length - c->rest, c->compliance, h, &c->lambda );
}

/// Dihedral angle of the triangles (p0, p1, p2) and (p1, p0, p3) about the edge p0 -> p1, in
/// (-pi, pi], and its gradients (Bridson, Marino and Fedkiw 2003, "bending modes"). False when a
/// triangle is degenerate.
bool ttDihedralAngle( const ttVec3 x[4], ttReal* angle, ttVec3 g[4] )
{
	ttVec3 e = ttSub( x[1], x[0] );
	ttVec3 n1 = ttCross( ttSub( x[2], x[0] ), ttSub( x[2], x[1] ) );
	ttVec3 n2 = ttCross( ttSub( x[3], x[1] ), ttSub( x[3], x[0] ) );
	ttReal e2 = ttLengthSquared( e );
	ttReal n1Squared = ttLengthSquared( n1 );
	ttReal n2Squared = ttLengthSquared( n2 );
	if ( e2 <= 0 || n1Squared <= 1e-24 * e2 * e2 || n2Squared <= 1e-24 * e2 * e2 )
	{
		return false;
	}
	ttReal eLength = sqrt( e2 );
	ttVec3 eUnit = ttScale( 1 / eLength, e );
	ttVec3 u1 = ttScale( 1 / n1Squared, n1 );
	ttVec3 u2 = ttScale( 1 / n2Squared, n2 );
	ttVec3 m1 = ttScale( 1 / sqrt( n1Squared ), n1 );
	ttVec3 m2 = ttScale( 1 / sqrt( n2Squared ), n2 );
	*angle = atan2( ttDot( ttCross( m1, m2 ), eUnit ), ttDot( m1, m2 ) );
	// Bridson's modes point the way the angle as measured here decreases: the gradients are their
	// negatives (checked against finite differences while writing this, and by the torque balance
	// of test_particle_constraints).
	g[2] = ttScale( -eLength, u1 );
	g[3] = ttScale( -eLength, u2 );
	g[0] = ttNeg( ttAdd( ttScale( ttDot( ttSub( x[2], x[1] ), eUnit ), u1 ),
	                     ttScale( ttDot( ttSub( x[3], x[1] ), eUnit ), u2 ) ) );
	g[1] =
	    ttAdd( ttScale( ttDot( ttSub( x[2], x[0] ), eUnit ), u1 ), ttScale( ttDot( ttSub( x[3], x[0] ), eUnit ), u2 ) );
	return true;
}

static void ttSolveBending( ttParticleSet* set, ttParticleConstraint* c, ttReal h )
{
	ttVec3 x[4], g[4];
	for ( int i = 0; i < 4; ++i )
	{
		x[i] = ttParticleSet_Particle( set, c->p[i] )->x;
	}
	ttReal angle;
	if ( ttDihedralAngle( x, &angle, g ) == false )
	{
		return;
	}
	// The angle wraps at +-pi; the difference to the rest angle is taken the short way round.
	ttReal difference = angle - c->rest;
	difference -= 2 * TT_PI * floor( ( difference + TT_PI ) / ( 2 * TT_PI ) );
	ttProjectGradient( set, c->p, g, 4, difference, c->compliance, h, &c->lambda );
}

/// Signed volume of the tetrahedron and its gradients.
ttReal ttTetrahedronVolume( const ttVec3 x[4], ttVec3 g[4] )
{
	ttVec3 a = ttSub( x[1], x[0] ), b = ttSub( x[2], x[0] ), d = ttSub( x[3], x[0] );
	if ( g != NULL )
	{
		g[1] = ttScale( (ttReal)( 1.0 / 6.0 ), ttCross( b, d ) );
		g[2] = ttScale( (ttReal)( 1.0 / 6.0 ), ttCross( d, a ) );
		g[3] = ttScale( (ttReal)( 1.0 / 6.0 ), ttCross( a, b ) );
		g[0] = ttNeg( ttAdd( ttAdd( g[1], g[2] ), g[3] ) );
	}
	return ttDot( ttCross( a, b ), d ) / 6;
}

static void ttSolveVolume( ttParticleSet* set, ttParticleConstraint* c, ttReal h )
{
	ttVec3 x[4], g[4];
	for ( int i = 0; i < 4; ++i )
	{
		x[i] = ttParticleSet_Particle( set, c->p[i] )->x;
	}
	ttReal volume = ttTetrahedronVolume( x, g );
	ttProjectGradient( set, c->p, g, 4, volume - c->rest, c->compliance, h, &c->lambda );
}

/// Area of the triangle and its gradients (NULL: none); 0 and no gradients when degenerate.
ttReal ttTriangleArea( const ttVec3 x[3], ttVec3 g[3] )
{
	ttVec3 e1 = ttSub( x[1], x[0] ), e2 = ttSub( x[2], x[0] );
	ttReal twiceArea;
	ttVec3 n = ttGetLengthAndNormalize( &twiceArea, ttCross( e1, e2 ) );
	if ( g != NULL && twiceArea > 0 )
	{
		g[1] = ttScale( (ttReal)0.5, ttCross( e2, n ) );
		g[2] = ttScale( (ttReal)0.5, ttCross( n, e1 ) );
		g[0] = ttNeg( ttAdd( g[1], g[2] ) );
	}
	return twiceArea / 2;
}

static void ttSolveArea( ttParticleSet* set, ttParticleConstraint* c, ttReal h )
{
	ttVec3 x[3], g[3];
	for ( int i = 0; i < 3; ++i )
	{
		x[i] = ttParticleSet_Particle( set, c->p[i] )->x;
	}
	ttReal area = ttTriangleArea( x, g );
	if ( area > 0 )
	{
		ttProjectGradient( set, c->p, g, 3, area - c->rest, c->compliance, h, &c->lambda );
	}
}

// The rotation R maximizing tr(R^T A) (the rotation part of A, Mueller et al. 2005), warm started
// from q. Each iteration turns R by w: Mueller, Bender, Chentanez and Macklin 2016 take
// w = g / tr(M) with M = A R^T and g = sum_k r_k x a_k (columns of R and A), which converges
// linearly and slowly for elongated clusters; here the step is Newton's, w = H^-1 g with the
// Hessian H = tr(M) I - sym(M) of tr(R^T A) over rotations, which converges quadratically, with
// Mueller's step as the fallback where H is not positive definite (far from the fit, or a cluster
// on one line). An unconverged fit lags behind a turning cluster and its correction brakes the
// turn: Mueller's step with 20 iterations lost 11 % of a spinning beam's angular momentum in 2 s
// (test_particle_constraints), 0.65 % remains, from the substeps.
static ttQuat ttExtractRotation( ttMat3 a, ttQuat q )
{
	const ttReal converged = TT_REAL_IS_FLOAT ? (ttReal)1e-6 : (ttReal)1e-13;
	for ( int iteration = 0; iteration < 20; ++iteration )
	{
		ttMat3 r = ttMat3FromQuat( q );
		ttVec3 g = ttAdd( ttAdd( ttCross( r.cx, a.cx ), ttCross( r.cy, a.cy ) ), ttCross( r.cz, a.cz ) );
		// M = A R^T = sum_k a_k r_k^T, column by column.
		ttMat3 m = { ttAdd( ttAdd( ttScale( r.cx.x, a.cx ), ttScale( r.cy.x, a.cy ) ), ttScale( r.cz.x, a.cz ) ),
		             ttAdd( ttAdd( ttScale( r.cx.y, a.cx ), ttScale( r.cy.y, a.cy ) ), ttScale( r.cz.y, a.cz ) ),
		             ttAdd( ttAdd( ttScale( r.cx.z, a.cx ), ttScale( r.cy.z, a.cy ) ), ttScale( r.cz.z, a.cz ) ) };
		ttReal trace = m.cx.x + m.cy.y + m.cz.z;
		ttMat3 h = ttMat3Add( ttMat3Diagonal( ( ttVec3 ){ trace, trace, trace } ),
		                      ttMat3Scale( (ttReal)-0.5, ttMat3Add( m, ttMat3Transpose( m ) ) ) );
		// Positive definite (Sylvester) and not nearly singular: Newton; otherwise Mueller's step.
		ttReal scale = fabs( trace ) + (ttReal)1e-30;
		ttReal minor2 = h.cx.x * h.cy.y - h.cy.x * h.cx.y;
		ttReal det = ttDot( h.cx, ttCross( h.cy, h.cz ) );
		bool newton = h.cx.x > 0 && minor2 > 0 && det > (ttReal)1e-6 * scale * scale * scale;
		ttVec3 omega = newton ? ttMat3Solve( h, g ) : ttScale( 1 / scale, g );
		ttReal angle = ttLength( omega );
		if ( angle > (ttReal)0.5 )
		{
			omega = ttScale( (ttReal)0.5 / angle, omega ); // far from the fit: no long jumps
			angle = (ttReal)0.5;
		}
		if ( angle > 0 )
		{
			q = ttQuatNormalize( ttQuatMul( ttQuatFromAxisAngle( ttScale( 1 / angle, omega ), angle ), q ) );
		}
		if ( angle < converged )
		{
			break;
		}
	}
	return q;
}

// Shape matching (Mueller, Heidelberger, Teschner and Gross 2005): the goal of each particle is
// its rest offset turned by the best rotation about the current centre of mass; each particle is
// pulled to its goal by a compliant distance constraint of its own.
static void ttSolveShapeMatch( ttParticleSet* set, ttParticleConstraint* c, ttReal h )
{
	ttReal totalMass = 0;
	ttVec3 center = TT_VEC3_ZERO;
	for ( int i = 0; i < c->clusterCount; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( set, c->cluster[i] );
		// A fixed particle counts as a heavy one so that the fit follows it.
		ttReal mass = p->invMass > 0 ? 1 / p->invMass : (ttReal)1e6;
		totalMass += mass;
		center = ttMulAdd( center, mass, p->x );
	}
	center = ttScale( 1 / totalMass, center );
	ttMat3 a = { TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO };
	for ( int i = 0; i < c->clusterCount; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( set, c->cluster[i] );
		ttReal mass = p->invMass > 0 ? 1 / p->invMass : (ttReal)1e6;
		ttVec3 d = ttScale( mass, ttSub( p->x, center ) );
		ttVec3 r = c->restOffsets[i];
		// A += m d r^T, column by column.
		a.cx = ttMulAdd( a.cx, r.x, d );
		a.cy = ttMulAdd( a.cy, r.y, d );
		a.cz = ttMulAdd( a.cz, r.z, d );
	}
	c->rotation = ttExtractRotation( a, c->rotation );
	ttReal alphaTilde = c->compliance / ( h * h );
	ttReal total = 0;
	for ( int i = 0; i < c->clusterCount; ++i )
	{
		ttParticle* p = ttParticleSet_Particle( set, c->cluster[i] );
		ttVec3 goal = ttAdd( center, ttRotate( c->rotation, c->restOffsets[i] ) );
		ttReal distance;
		ttVec3 n = ttGetLengthAndNormalize( &distance, ttSub( p->x, goal ) );
		ttReal denominator = p->invMass + alphaTilde;
		if ( distance > 0 && denominator > 0 )
		{
			ttReal deltaLambda = ( -distance - alphaTilde * c->lambdas[i] ) / denominator;
			c->lambdas[i] += deltaLambda;
			ttParticle_Move( p, p->invMass * deltaLambda, n );
		}
		total += fabs( c->lambdas[i] );
	}
	c->lambda = total;
}

/// A body that particles may move: dynamic and awake. Sleeping bodies act as static ones.
ttBody* ttParticles_MovableBody( ttWorld* world, int bodyIndex )
{
	ttBody* body = ttWorld_Body( world, bodyIndex );
	if ( body->type != ttBody_dynamic || body->invMass == 0 || ttBody_IsSleeping( body ) )
	{
		return NULL;
	}
	return body;
}

/// Move a body by the positional impulse p at world offset r (paper eqs. 6-9, the body side).
void ttParticles_PushBody( ttBody* body, ttVec3 r, ttVec3 p )
{
	static const ttBody s_fixed = { 0 };
	ttBody fixed = s_fixed;
	ttApplyPositionalImpulse( &fixed, body, TT_VEC3_ZERO, r, p );
}

static void ttSolveAttachment( ttWorld* world, ttParticleSet* set, ttParticleConstraint* c, ttReal h )
{
	ttParticle* p = ttParticleSet_Particle( set, c->p[0] );
	const ttBody* anchor = ttWorld_Body( world, c->body );
	// The point is kept in the user's body frame so that a change of the body's mass (and so of
	// its principal frame) does not move it.
	ttVec3 target = ttTransformPoint( ttBody_UserTransform( anchor ), c->local );
	ttVec3 r = ttSub( target, ttBody_Center( anchor ) );
	ttReal distance;
	ttVec3 n = ttGetLengthAndNormalize( &distance, ttSub( p->x, target ) );
	if ( distance == 0 )
	{
		return;
	}
	ttBody* body = ttParticles_MovableBody( world, c->body );
	ttReal alphaTilde = c->compliance / ( h * h );
	ttReal denominator = p->invMass + alphaTilde + ( body != NULL ? ttBody_PositionalInvMass( body, r, n ) : 0 );
	if ( denominator <= 0 )
	{
		return;
	}
	// The multiplier along the current direction, as the joints' ttApplyPositionalError does:
	// its projection of the accumulated impulse on n.
	ttVec3 impulse = c->impulse;
	ttReal lambdaN = -ttDot( impulse, n );
	ttReal deltaLambda = ( -distance - alphaTilde * lambdaN ) / denominator;
	ttParticle_Move( p, p->invMass * deltaLambda, n );
	if ( body != NULL )
	{
		ttParticles_PushBody( body, r, ttScale( -deltaLambda, n ) );
	}
	c->impulse = ttMulAdd( impulse, -deltaLambda, n );
	c->lambda = ttLength( c->impulse );
}

void ttParticleConstraint_Reset( ttParticleConstraint* c )
{
	c->lambda = 0;
	c->impulse = TT_VEC3_ZERO;
	for ( int i = 0; i < c->clusterCount; ++i )
	{
		c->lambdas[i] = 0;
	}
}

void ttParticleConstraint_Solve( ttWorld* world, ttParticleSet* set, ttParticleConstraint* c, ttReal h )
{
	switch ( c->type )
	{
		case ttParticleConstraint_distance:
			ttSolveDistance( set, c, h );
			break;
		case ttParticleConstraint_bending:
			ttSolveBending( set, c, h );
			break;
		case ttParticleConstraint_volume:
			ttSolveVolume( set, c, h );
			break;
		case ttParticleConstraint_area:
			ttSolveArea( set, c, h );
			break;
		case ttParticleConstraint_shapeMatch:
			ttSolveShapeMatch( set, c, h );
			break;
		case ttParticleConstraint_attachment:
			ttSolveAttachment( world, set, c, h );
			break;
	}
}
