// SPDX-License-Identifier: MIT
// Turns a world into the renderer's meshes and debug lines.
#pragma once

#include "camera.h"
#include "renderer.h"

#include <string>
#include <vector>

struct DebugDrawOptions
{
	bool contacts = false;    ///< contact points (red) and normals (yellow, length grows with force)
	bool jointFrames = false; ///< anchors with the body axes at them, and the gap between anchors
	bool jointLabels = false; ///< force and torque labels (drawn by the viewer's text overlay)
	bool aabbs = false;       ///< world bounds of every finite shape
	/// Joint limits in orange with the current value in white: hinge arcs, spherical swing cones
	/// and twist arcs, prismatic ranges.
	bool limits = false;
	float limitSize = 0.3f; ///< radius of the limit arcs and cones, m (fixed, like the joint frames)
	/// The broadphase tree's fat boxes: inner nodes coloured by depth, leaves white.
	bool broadphaseTree = false;
	/// Sleeping bodies drawn in a dimmed blue-grey tint of their colour (ttBody_IsAwake).
	bool sleeping = true;
	/// Long range constraints (ttWorld_GetLongRangeConstraints), a colour per kind, dim while slack
	/// and bright where engaged: attachments magenta, hierarchy levels cyan, green, yellow,
	/// orange, red; hinge chains blue with each body's chain axis; rigid unions white.
	bool longRange = false;
	/// Joints drawn as what holds the bodies: a rod between anchors that are apart (a string, a
	/// spring), and for a joint to the static world a mount at its anchor and a rod to the body.
	bool jointRods = true;
	/// A checkered ground with grid lines at groundHeight when no plane faces up, so that joint-only
	/// scenes do not float in empty sky (PlaceGround sets the height and the spacing). Off: no
	/// ground at all, planes left out too (the bodies alone, as the coverage test counts them).
	bool ground = true;
	float groundHeight = 0;
	float gridSpacing = 1;   ///< m between grid lines (and checker squares), on planes too
	float groundExtent = 60; ///< half width of the drawn ground and planes, m
	/// Where the camera looks (set by the caller each frame): the arcs of the bounds bulge across
	/// it, so that bounds lying along one straight chain stay apart on screen.
	Vec3f viewDirection = { 0, 0, -1 };
};

struct WorldLabel
{
	Vec3f position;
	std::string text;
};

/// Colour of the body with this index in ttWorld_GetBodies order (static bodies are grey).
Vec3f BodyColor( int index, ttBodyType type );

/// Colour of a kind of long range constraint (the hierarchy's by level), as the debug draw uses it.
Vec3f LongRangeColor( ttLongRangeFeature feature, int level );

/// Bounds of the shapes of the awake non-static bodies (awakeOnly) or of all non-static bodies,
/// planes left out, and of the world anchors of their joints to the static world; false if
/// there are no such bodies. spheres (may be null) receives a sphere for each shape's bounds and
/// a point for each anchor: what a camera must keep in view.
bool MovingBounds( ttWorldId worldId, bool awakeOnly, Vec3f* lower, Vec3f* upper, std::vector<FitSphere>* spheres );
/// The same for every shape but planes, static bodies included (no anchors).
bool AllBounds( ttWorldId worldId, Vec3f* lower, Vec3f* upper, std::vector<FitSphere>* spheres );

/// The ground's height (just below the lowest finite shape), its extent and the grid spacing (a
/// power of ten suited to the scene's size), from the world as it is now: call once per scene.
void PlaceGround( ttWorldId worldId, DebugDrawOptions* options );

/// Adds every shape of the world, and the debug lines the options ask for; labels (may be null)
/// receives the text the options ask for. highlight is drawn lighter (the picked body).
void DrawWorld( Renderer& renderer, ttWorldId worldId, const DebugDrawOptions& options, ttBodyId highlight,
                std::vector<WorldLabel>* labels );
