// SPDX-License-Identifier: MIT
#include "camera.h"

Vec3f OrbitCamera::Eye() const
{
	Vec3f offset = { std::cos( pitch ) * std::sin( yaw ), std::sin( pitch ), std::cos( pitch ) * std::cos( yaw ) };
	return target + offset * distance;
}

Mat4f OrbitCamera::View() const
{
	return LookAt( Eye(), target, { 0, 1, 0 } );
}

Mat4f OrbitCamera::Projection( int width, int height ) const
{
	float aspect = height > 0 ? (float)width / (float)height : 1.0f;
	// Near and far follow the distance so that both close-ups and wide scenes keep depth precision.
	Mat4f projection = Perspective( fovY, aspect, 0.01f * distance, 100.0f * distance + 100.0f );
	projection.m[8] = -shiftX; // x_ndc += shiftX, as w = -z in eye coordinates
	return projection;
}

float OrbitCamera::FitDistance( const std::vector<FitSphere>& spheres, float aspect ) const
{
	Vec3f forward = Normalize( target - Eye() );
	Vec3f right = Normalize( Cross( forward, { 0, 1, 0 } ) );
	Vec3f up = Cross( right, forward );
	// 90 % of the half angles: a margin around the spheres.
	float tanY = 0.9f * std::tan( 0.5f * fovY ), tanX = tanY * ( aspect > 0 ? aspect : 1.0f );
	float fit = 0;
	for ( const FitSphere& sphere : spheres )
	{
		Vec3f d = sphere.center - target;
		// A sphere at depth D + z in front of the eye fits when |x| + r <= (D + z) tanX, and the
		// same for y (its outline widened by the perspective is within the margin).
		float z = Dot( d, forward ), r = sphere.radius;
		fit = std::fmax( fit, ( std::fabs( Dot( d, right ) ) + r ) / tanX - z );
		fit = std::fmax( fit, ( std::fabs( Dot( d, up ) ) + r ) / tanY - z );
		fit = std::fmax( fit, 1.5f * ( std::fabs( z ) + r ) ); // and not so close that it is behind the eye
	}
	return fit > 0.3f ? fit : 0.3f;
}

void OrbitCamera::FrameSpheres( const std::vector<FitSphere>& spheres, float aspect )
{
	Vec3f lower = { 1e30f, 1e30f, 1e30f }, upper = { -1e30f, -1e30f, -1e30f };
	for ( const FitSphere& s : spheres )
	{
		Vec3f r = { s.radius, s.radius, s.radius };
		Vec3f lo = s.center - r, hi = s.center + r;
		lower = { std::fmin( lower.x, lo.x ), std::fmin( lower.y, lo.y ), std::fmin( lower.z, lo.z ) };
		upper = { std::fmax( upper.x, hi.x ), std::fmax( upper.y, hi.y ), std::fmax( upper.z, hi.z ) };
	}
	target = spheres.empty() ? target : ( lower + upper ) * 0.5f;
	distance = FitDistance( spheres, aspect );
}

void OrbitCamera::LookFrom( Vec3f eye, Vec3f lookAt )
{
	Vec3f offset = eye - lookAt;
	target = lookAt;
	distance = Length( offset );
	if ( distance <= 0 )
	{
		distance = 1;
		return;
	}
	// The inverse of Eye(): offset = distance (cos pitch sin yaw, sin pitch, cos pitch cos yaw).
	pitch = std::asin( offset.y / distance );
	yaw = std::atan2( offset.x, offset.z );
}

void OrbitCamera::Orbit( float dxPixels, float dyPixels )
{
	yaw -= 0.008f * dxPixels;
	pitch += 0.008f * dyPixels;
	pitch = pitch > 1.5f ? 1.5f : ( pitch < -1.5f ? -1.5f : pitch );
}

void OrbitCamera::Pan( float dxPixels, float dyPixels, int height )
{
	Vec3f forward = Normalize( target - Eye() );
	Vec3f right = Normalize( Cross( forward, { 0, 1, 0 } ) );
	Vec3f up = Cross( right, forward );
	float metresPerPixel = 2 * distance * std::tan( 0.5f * fovY ) / (float)( height > 0 ? height : 1 );
	target = target - right * ( dxPixels * metresPerPixel ) + up * ( dyPixels * metresPerPixel );
}

void OrbitCamera::Zoom( float steps )
{
	distance *= std::pow( 0.88f, steps );
	distance = distance < 0.05f ? 0.05f : distance;
}
