// SPDX-License-Identifier: MIT
// An orbit camera: it circles a target point at a distance, y up.
#pragma once

#include "math3d.h"

#include <vector>

/// A ball the camera keeps in view: a shape's bounds (radius half their longest side, so that a
/// sphere is framed by its outline and not by the corners of its box) or a point.
struct FitSphere
{
	Vec3f center;
	float radius;
};

struct OrbitCamera
{
	Vec3f target = { 0, 1, 0 };
	float yaw = 0.6f;    ///< radians about +y
	float pitch = 0.35f; ///< radians above the horizon
	float distance = 10;
	float fovY = 0.785398f;
	/// Lens shift in normalized device x (-1..1 across the picture): the viewer moves the target
	/// right by its side panel's share so that the scene is framed in the part left free.
	float shiftX = 0;

	Vec3f Eye() const;
	Mat4f View() const;
	Mat4f Projection( int width, int height ) const;
	/// Distance from target at which every sphere is inside the picture with a margin, keeping the
	/// current direction of view.
	float FitDistance( const std::vector<FitSphere>& spheres, float aspect ) const;
	/// Look at the centre of the spheres' bounds from the distance that fits them.
	void FrameSpheres( const std::vector<FitSphere>& spheres, float aspect );
	/// Put the eye at a point looking at another (not straight above or below it).
	void LookFrom( Vec3f eye, Vec3f target );
	void Orbit( float dxPixels, float dyPixels );
	/// Move the target in the view plane, in pixels of a window of this height.
	void Pan( float dxPixels, float dyPixels, int height );
	void Zoom( float steps );
};
