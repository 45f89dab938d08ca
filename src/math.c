// SPDX-License-Identifier: MIT
#include "tether/math_functions.h"

static ttReal ttMat3Get( const ttMat3* m, int row, int column )
{
	const ttVec3* c = column == 0 ? &m->cx : ( column == 1 ? &m->cy : &m->cz );
	return row == 0 ? c->x : ( row == 1 ? c->y : c->z );
}

static void ttMat3Set( ttMat3* m, int row, int column, ttReal value )
{
	ttVec3* c = column == 0 ? &m->cx : ( column == 1 ? &m->cy : &m->cz );
	if ( row == 0 )
	{
		c->x = value;
	}
	else if ( row == 1 )
	{
		c->y = value;
	}
	else
	{
		c->z = value;
	}
}

// Quaternion of a proper rotation matrix (Shepperd's method: pick the largest diagonal term).
static ttQuat ttQuatFromMat3( ttMat3 m )
{
	ttReal trace = m.cx.x + m.cy.y + m.cz.z;
	ttQuat q;
	if ( trace > 0 )
	{
		ttReal s = 2 * ttSqrt( trace + 1 );
		q = ( ttQuat ){ ( m.cy.z - m.cz.y ) / s, ( m.cz.x - m.cx.z ) / s, ( m.cx.y - m.cy.x ) / s, s / 4 };
	}
	else if ( m.cx.x > m.cy.y && m.cx.x > m.cz.z )
	{
		ttReal s = 2 * ttSqrt( 1 + m.cx.x - m.cy.y - m.cz.z );
		q = ( ttQuat ){ s / 4, ( m.cy.x + m.cx.y ) / s, ( m.cz.x + m.cx.z ) / s, ( m.cy.z - m.cz.y ) / s };
	}
	else if ( m.cy.y > m.cz.z )
	{
		ttReal s = 2 * ttSqrt( 1 + m.cy.y - m.cx.x - m.cz.z );
		q = ( ttQuat ){ ( m.cy.x + m.cx.y ) / s, s / 4, ( m.cz.y + m.cy.z ) / s, ( m.cz.x - m.cx.z ) / s };
	}
	else
	{
		ttReal s = 2 * ttSqrt( 1 + m.cz.z - m.cx.x - m.cy.y );
		q = ( ttQuat ){ ( m.cz.x + m.cx.z ) / s, ( m.cz.y + m.cy.z ) / s, s / 4, ( m.cx.y - m.cy.x ) / s };
	}
	return ttQuatNormalize( q );
}

// Cyclic Jacobi rotations: robust for the small symmetric matrices of inertia tensors and exact
// (to rounding) for matrices that are already diagonal.
void ttMat3SymmetricEigen( ttMat3 m, ttVec3* values, ttQuat* q )
{
	ttMat3 v = ttMat3Diagonal( ( ttVec3 ){ 1, 1, 1 } );
	for ( int sweep = 0; sweep < 32; ++sweep )
	{
		ttReal off = ttAbs( m.cy.x ) + ttAbs( m.cz.x ) + ttAbs( m.cz.y );
		ttReal diag = ttAbs( m.cx.x ) + ttAbs( m.cy.y ) + ttAbs( m.cz.z );
		if ( off <= (ttReal)1e-15 * diag || off == 0 )
		{
			break;
		}
		for ( int p = 0; p < 2; ++p )
		{
			for ( int r = p + 1; r < 3; ++r )
			{
				ttReal apr = ttMat3Get( &m, p, r );
				if ( apr == 0 )
				{
					continue;
				}
				ttReal app = ttMat3Get( &m, p, p );
				ttReal arr = ttMat3Get( &m, r, r );
				ttReal theta = ( arr - app ) / ( 2 * apr );
				ttReal t = ( theta >= 0 ? 1 : -1 ) / ( ttAbs( theta ) + ttSqrt( theta * theta + 1 ) );
				ttReal c = 1 / ttSqrt( t * t + 1 );
				ttReal s = t * c;
				// m <- J^T m J, v <- v J with the Givens rotation J in the (p, r) plane.
				for ( int k = 0; k < 3; ++k )
				{
					ttReal mkp = ttMat3Get( &m, k, p );
					ttReal mkr = ttMat3Get( &m, k, r );
					ttMat3Set( &m, k, p, c * mkp - s * mkr );
					ttMat3Set( &m, k, r, s * mkp + c * mkr );
				}
				for ( int k = 0; k < 3; ++k )
				{
					ttReal mpk = ttMat3Get( &m, p, k );
					ttReal mrk = ttMat3Get( &m, r, k );
					ttMat3Set( &m, p, k, c * mpk - s * mrk );
					ttMat3Set( &m, r, k, s * mpk + c * mrk );
				}
				for ( int k = 0; k < 3; ++k )
				{
					ttReal vkp = ttMat3Get( &v, k, p );
					ttReal vkr = ttMat3Get( &v, k, r );
					ttMat3Set( &v, k, p, c * vkp - s * vkr );
					ttMat3Set( &v, k, r, s * vkp + c * vkr );
				}
			}
		}
	}
	*values = ( ttVec3 ){ m.cx.x, m.cy.y, m.cz.z };
	// Make the eigenvector basis right-handed so it is a rotation.
	if ( ttDot( ttCross( v.cx, v.cy ), v.cz ) < 0 )
	{
		v.cz = ttNeg( v.cz );
	}
	*q = ttQuatFromMat3( v );
}
