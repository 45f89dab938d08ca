// SPDX-License-Identifier: MIT
// An OpenGL 3.3 core context without any display: EGL on Mesa's surfaceless platform (with
// llvmpipe when there is no GPU), drawing into a multisampled framebuffer object.
#pragma once

#include <vector>

struct HeadlessContext
{
	void* display = nullptr;
	void* context = nullptr;
	int width = 0, height = 0;
	unsigned msFramebuffer = 0, msColor = 0, msDepth = 0; ///< where drawing happens (4x MSAA)
	unsigned framebuffer = 0, color = 0;                  ///< resolved image, read back
};

bool CreateHeadlessContext( HeadlessContext* context, int width, int height, char* error, int errorSize );
/// Bind the framebuffer to draw into.
void BeginHeadlessFrame( HeadlessContext* context );
/// Resolve and read the image: RGB rows top to bottom.
void ReadHeadlessFrame( HeadlessContext* context, std::vector<unsigned char>* rgb );
void DestroyHeadlessContext( HeadlessContext* context );
