import { useState } from 'react';
import type { PickedImage } from '../image-picker';
import { scaleImagesForUpload } from '../image-scaling';

/** Said wherever a project's images get their descriptions: what the owner's "description" is to the page. */
export const IMAGE_DESCRIPTION_HINT =
  'Each image’s description (its alt text) is read aloud to visitors who cannot see it; left empty, it is the project’s title.';

/** The alt text of a newly chosen image; left empty, the project's title stands in (shown as the placeholder). */
function AltTextInput({
  image,
  index,
  placeholder,
  value,
  onChange,
}: {
  image: PickedImage;
  index: number;
  placeholder: string;
  value: string;
  onChange: (alt: string) => void;
}) {
  const id = `alt-${image.key}`;
  return (
    <span className="project-alt">
      <label htmlFor={id}>Description of new image {index + 1}</label>
      <input
        id={id}
        type="text"
        maxLength={300}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </span>
  );
}

/**
 * New project images chosen in an ImagePicker, each with an alt text, and the
 * multipart body that sends them: shrunk to the 2560 px master in the browser, as
 * repeated `images`, with the alt texts in the same order as a JSON list in `alts`.
 */
export function useNewImages(placeholder: string) {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [alts, setAlts] = useState<Record<string, string>>({});

  const renderAltInput = (image: PickedImage, index: number) => (
    <AltTextInput
      image={image}
      index={index}
      placeholder={placeholder}
      value={alts[image.key] ?? ''}
      onChange={(alt) => setAlts((current) => ({ ...current, [image.key]: alt }))}
    />
  );

  async function formData(): Promise<FormData> {
    const body = new FormData();
    const files = await scaleImagesForUpload(images.map((image) => image.file));
    for (const file of files) body.append('images', file);
    if (images.length > 0) body.append('alts', JSON.stringify(images.map((image) => alts[image.key]?.trim() ?? '')));
    return body;
  }

  function reset() {
    setImages([]);
    setAlts({});
  }

  return { images, setImages, renderAltInput, formData, reset };
}
