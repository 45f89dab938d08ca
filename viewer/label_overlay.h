// SPDX-License-Identifier: MIT
// World labels (joint force and torque) drawn into the picture with the stroke font, for the
// headless renderer, which has no ImGui text overlay.
#pragma once

#include "renderer.h"
#include "world_draw.h"

#include <vector>

/// Draws each label beside the pixel its point projects to, as the viewer does (white on a dark
/// shadow). A label that would overlap one already drawn is left out: the joints of a chain sit
/// a few pixels apart and their labels would otherwise pile into an unreadable block. Returns
/// how many labels were drawn.
int AddLabelOverlay( Renderer& renderer, const std::vector<WorldLabel>& labels, const Mat4f& viewProjection, int width,
                     int height );
