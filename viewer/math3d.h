// SPDX-License-Identifier: MIT
// Small float vector and matrix helpers for drawing. The library's ttReal may be double; the
// GPU wants float, so everything the renderer sees is converted once, here.
#pragma once

#include "tether/tether.h"

#include <cmath>

struct Vec3f
{
	float x, y, z;
};

// Column-major 4x4 matrix, as OpenGL expects it.
struct Mat4f
{
	float m[16];
};

inline Vec3f V3( ttVec3 v )
{
	return { (float)v.x, (float)v.y, (float)v.z };
}
inline Vec3f operator+( Vec3f a, Vec3f b )
{
	return { a.x + b.x, a.y + b.y, a.z + b.z };
}
inline Vec3f operator-( Vec3f a, Vec3f b )
{
	return { a.x - b.x, a.y - b.y, a.z - b.z };
}
inline Vec3f operator*( Vec3f a, float s )
{
	return { a.x * s, a.y * s, a.z * s };
}
inline float Dot( Vec3f a, Vec3f b )
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline Vec3f Cross( Vec3f a, Vec3f b )
{
	return { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
inline float Length( Vec3f a )
{
	return std::sqrt( Dot( a, a ) );
}
inline Vec3f Normalize( Vec3f a )
{
	float length = Length( a );
	return length > 1e-12f ? a * ( 1.0f / length ) : Vec3f{ 0, 0, 0 };
}

Mat4f Identity4();
Mat4f Multiply( const Mat4f& a, const Mat4f& b );
Mat4f Perspective( float fovYRadians, float aspect, float zNear, float zFar );
Mat4f Orthographic( float left, float right, float bottom, float top, float zNear, float zFar );
Mat4f LookAt( Vec3f eye, Vec3f target, Vec3f up );
// Rigid transform (rotation from a unit quaternion, then translation) with a per-axis scale.
Mat4f TransformMatrix( ttTransform transform, Vec3f scale );
// Rotation that takes +y to the unit direction axis (for cylinders along a segment).
Mat4f AlignYMatrix( Vec3f from, Vec3f to, float radius );
Vec3f TransformPoint( const Mat4f& m, Vec3f p );
// Projects a world point to pixels (origin top left); false when behind the camera.
bool ProjectToScreen( const Mat4f& viewProjection, Vec3f p, int width, int height, float* sx, float* sy );
// Inverse of a general 4x4 matrix (for unprojecting mouse rays).
Mat4f Inverse( const Mat4f& a );
