// SPDX-License-Identifier: MIT
#include "meshes.h"

#include <cmath>

static void Push( std::vector<float>& out, float px, float py, float pz, float nx, float ny, float nz )
{
	float v[6] = { px, py, pz, nx, ny, nz };
	out.insert( out.end(), v, v + 6 );
}

void BuildSphereMesh( std::vector<float>& out, int slices, int stacks )
{
	const float pi = 3.14159265358979f;
	auto point = [&]( int i, int j, float* p )
	{
		float theta = pi * (float)j / (float)stacks;
		float phi = 2 * pi * (float)i / (float)slices;
		p[0] = std::sin( theta ) * std::cos( phi );
		p[1] = std::cos( theta );
		p[2] = std::sin( theta ) * std::sin( phi );
	};
	for ( int j = 0; j < stacks; ++j )
	{
		for ( int i = 0; i < slices; ++i )
		{
			float a[3], b[3], c[3], d[3];
			point( i, j, a );
			point( i + 1, j, b );
			point( i + 1, j + 1, c );
			point( i, j + 1, d );
			// On a unit sphere the normal is the position.
			for ( const float* p : { a, c, b, a, d, c } )
			{
				Push( out, p[0], p[1], p[2], p[0], p[1], p[2] );
			}
		}
	}
}

void BuildBoxMesh( std::vector<float>& out )
{
	for ( int axis = 0; axis < 3; ++axis )
	{
		for ( int sign = -1; sign <= 1; sign += 2 )
		{
			float n[3] = { 0, 0, 0 };
			n[axis] = (float)sign;
			int u = ( axis + 1 ) % 3, v = ( axis + 2 ) % 3;
			float corners[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
			float p[4][3];
			for ( int k = 0; k < 4; ++k )
			{
				p[k][axis] = (float)sign;
				p[k][u] = corners[k][0];
				p[k][v] = corners[k][1];
			}
			// Counter-clockwise seen from outside for either sign.
			int order[6] = { 0, 1, 2, 0, 2, 3 };
			if ( sign < 0 )
			{
				int flipped[6] = { 0, 2, 1, 0, 3, 2 };
				for ( int k = 0; k < 6; ++k )
				{
					order[k] = flipped[k];
				}
			}
			for ( int k : order )
			{
				Push( out, p[k][0], p[k][1], p[k][2], n[0], n[1], n[2] );
			}
		}
	}
}

void BuildCylinderMesh( std::vector<float>& out, int slices )
{
	const float pi = 3.14159265358979f;
	for ( int i = 0; i < slices; ++i )
	{
		float a0 = 2 * pi * (float)i / (float)slices, a1 = 2 * pi * (float)( i + 1 ) / (float)slices;
		float x0 = std::cos( a0 ), z0 = std::sin( a0 ), x1 = std::cos( a1 ), z1 = std::sin( a1 );
		Push( out, x0, -1, z0, x0, 0, z0 );
		Push( out, x1, 1, z1, x1, 0, z1 );
		Push( out, x1, -1, z1, x1, 0, z1 );
		Push( out, x0, -1, z0, x0, 0, z0 );
		Push( out, x0, 1, z0, x0, 0, z0 );
		Push( out, x1, 1, z1, x1, 0, z1 );
	}
}

void BuildDiscMesh( std::vector<float>& out, int slices )
{
	const float pi = 3.14159265358979f;
	for ( int i = 0; i < slices; ++i )
	{
		float a0 = 2 * pi * (float)i / (float)slices, a1 = 2 * pi * (float)( i + 1 ) / (float)slices;
		Push( out, 0, 0, 0, 0, 1, 0 );
		Push( out, std::cos( a1 ), 0, std::sin( a1 ), 0, 1, 0 );
		Push( out, std::cos( a0 ), 0, std::sin( a0 ), 0, 1, 0 );
	}
}

void BuildGroundMesh( std::vector<float>& out )
{
	Push( out, -1, 0, -1, 0, 1, 0 );
	Push( out, -1, 0, 1, 0, 1, 0 );
	Push( out, 1, 0, 1, 0, 1, 0 );
	Push( out, -1, 0, -1, 0, 1, 0 );
	Push( out, 1, 0, 1, 0, 1, 0 );
	Push( out, 1, 0, -1, 0, 1, 0 );
}
