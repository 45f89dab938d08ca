// SPDX-License-Identifier: MIT
#include "math3d.h"

Mat4f Identity4()
{
	Mat4f r = {};
	r.m[0] = r.m[5] = r.m[10] = r.m[15] = 1;
	return r;
}

Mat4f Multiply( const Mat4f& a, const Mat4f& b )
{
	Mat4f r = {};
	for ( int c = 0; c < 4; ++c )
	{
		for ( int row = 0; row < 4; ++row )
		{
			float sum = 0;
			for ( int k = 0; k < 4; ++k )
			{
				sum += a.m[k * 4 + row] * b.m[c * 4 + k];
			}
			r.m[c * 4 + row] = sum;
		}
	}
	return r;
}

Mat4f Perspective( float fovYRadians, float aspect, float zNear, float zFar )
{
	float f = 1.0f / std::tan( 0.5f * fovYRadians );
	Mat4f r = {};
	r.m[0] = f / aspect;
	r.m[5] = f;
	r.m[10] = ( zFar + zNear ) / ( zNear - zFar );
	r.m[11] = -1;
	r.m[14] = 2 * zFar * zNear / ( zNear - zFar );
	return r;
}

Mat4f Orthographic( float left, float right, float bottom, float top, float zNear, float zFar )
{
	Mat4f r = Identity4();
	r.m[0] = 2 / ( right - left );
	r.m[5] = 2 / ( top - bottom );
	r.m[10] = -2 / ( zFar - zNear );
	r.m[12] = -( right + left ) / ( right - left );
	r.m[13] = -( top + bottom ) / ( top - bottom );
	r.m[14] = -( zFar + zNear ) / ( zFar - zNear );
	return r;
}

Mat4f LookAt( Vec3f eye, Vec3f target, Vec3f up )
{
	Vec3f f = Normalize( target - eye );
	Vec3f s = Normalize( Cross( f, up ) );
	Vec3f u = Cross( s, f );
	Mat4f r = Identity4();
	r.m[0] = s.x;
	r.m[4] = s.y;
	r.m[8] = s.z;
	r.m[1] = u.x;
	r.m[5] = u.y;
	r.m[9] = u.z;
	r.m[2] = -f.x;
	r.m[6] = -f.y;
	r.m[10] = -f.z;
	r.m[12] = -Dot( s, eye );
	r.m[13] = -Dot( u, eye );
	r.m[14] = Dot( f, eye );
	return r;
}

Mat4f TransformMatrix( ttTransform t, Vec3f scale )
{
	float x = (float)t.q.x, y = (float)t.q.y, z = (float)t.q.z, w = (float)t.q.w;
	float c0[3] = { 1 - 2 * ( y * y + z * z ), 2 * ( x * y + w * z ), 2 * ( x * z - w * y ) };
	float c1[3] = { 2 * ( x * y - w * z ), 1 - 2 * ( x * x + z * z ), 2 * ( y * z + w * x ) };
	float c2[3] = { 2 * ( x * z + w * y ), 2 * ( y * z - w * x ), 1 - 2 * ( x * x + y * y ) };
	Mat4f r = Identity4();
	for ( int i = 0; i < 3; ++i )
	{
		r.m[0 + i] = c0[i] * scale.x;
		r.m[4 + i] = c1[i] * scale.y;
		r.m[8 + i] = c2[i] * scale.z;
	}
	r.m[12] = (float)t.p.x;
	r.m[13] = (float)t.p.y;
	r.m[14] = (float)t.p.z;
	return r;
}

Mat4f AlignYMatrix( Vec3f from, Vec3f to, float radius )
{
	Vec3f axis = to - from;
	float length = Length( axis );
	Vec3f y = length > 1e-9f ? axis * ( 1.0f / length ) : Vec3f{ 0, 1, 0 };
	// Any vector not parallel to y gives the other two axes.
	Vec3f helper = std::fabs( y.x ) < 0.9f ? Vec3f{ 1, 0, 0 } : Vec3f{ 0, 0, 1 };
	Vec3f x = Normalize( Cross( helper, y ) );
	Vec3f z = Cross( x, y );
	Vec3f mid = ( from + to ) * 0.5f;
	Mat4f r = Identity4();
	r.m[0] = x.x * radius;
	r.m[1] = x.y * radius;
	r.m[2] = x.z * radius;
	r.m[4] = y.x * 0.5f * length;
	r.m[5] = y.y * 0.5f * length;
	r.m[6] = y.z * 0.5f * length;
	r.m[8] = z.x * radius;
	r.m[9] = z.y * radius;
	r.m[10] = z.z * radius;
	r.m[12] = mid.x;
	r.m[13] = mid.y;
	r.m[14] = mid.z;
	return r;
}

Vec3f TransformPoint( const Mat4f& m, Vec3f p )
{
	float v[4];
	for ( int row = 0; row < 4; ++row )
	{
		v[row] = m.m[row] * p.x + m.m[4 + row] * p.y + m.m[8 + row] * p.z + m.m[12 + row];
	}
	float w = std::fabs( v[3] ) > 1e-12f ? v[3] : 1e-12f;
	return { v[0] / w, v[1] / w, v[2] / w };
}

bool ProjectToScreen( const Mat4f& vp, Vec3f p, int width, int height, float* sx, float* sy )
{
	float w = vp.m[3] * p.x + vp.m[7] * p.y + vp.m[11] * p.z + vp.m[15];
	if ( w <= 1e-6f )
	{
		return false;
	}
	Vec3f ndc = TransformPoint( vp, p );
	*sx = ( ndc.x * 0.5f + 0.5f ) * (float)width;
	*sy = ( 0.5f - ndc.y * 0.5f ) * (float)height;
	return true;
}

Mat4f Inverse( const Mat4f& a )
{
	// Gauss-Jordan elimination with partial pivoting on a copy; fine for a 4x4 once per frame.
	float m[4][8];
	for ( int r = 0; r < 4; ++r )
	{
		for ( int c = 0; c < 4; ++c )
		{
			m[r][c] = a.m[c * 4 + r];
			m[r][c + 4] = r == c ? 1.0f : 0.0f;
		}
	}
	for ( int c = 0; c < 4; ++c )
	{
		int pivot = c;
		for ( int r = c + 1; r < 4; ++r )
		{
			if ( std::fabs( m[r][c] ) > std::fabs( m[pivot][c] ) )
			{
				pivot = r;
			}
		}
		for ( int k = 0; k < 8; ++k )
		{
			float t = m[c][k];
			m[c][k] = m[pivot][k];
			m[pivot][k] = t;
		}
		float d = m[c][c] != 0 ? m[c][c] : 1e-12f;
		for ( int k = 0; k < 8; ++k )
		{
			m[c][k] /= d;
		}
		for ( int r = 0; r < 4; ++r )
		{
			if ( r != c )
			{
				float f = m[r][c];
				for ( int k = 0; k < 8; ++k )
				{
					m[r][k] -= f * m[c][k];
				}
			}
		}
	}
	Mat4f r = {};
	for ( int row = 0; row < 4; ++row )
	{
		for ( int c = 0; c < 4; ++c )
		{
			r.m[c * 4 + row] = m[row][c + 4];
		}
	}
	return r;
}
